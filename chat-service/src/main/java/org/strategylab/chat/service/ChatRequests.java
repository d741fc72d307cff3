package org.strategylab.chat.service;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.strategylab.chat.api.ChatRequest;
import org.strategylab.chat.api.Mention;
import org.strategylab.chat.config.ChatConfig;
import org.strategylab.chat.tools.ToolRegistry;
import org.strategylab.edge.problem.FieldError;

/** The checks of a chat request that need no other service: each bad field is named. */
@ApplicationScoped
public class ChatRequests {

    static final List<String> EFFORTS = List.of("none", "low", "medium", "high");

    @Inject
    ChatConfig config;

    @Inject
    ToolRegistry tools;

    public List<FieldError> problems(ChatRequest request) {
        List<FieldError> errors = new ArrayList<>();
        if (request.siteId() == null || request.siteId().isBlank()) {
            errors.add(new FieldError("/siteId", "is required"));
        }
        if (request.message() == null || request.message().isBlank()) {
            errors.add(new FieldError("/message", "must not be empty"));
        } else if (request.message().length() > config.limits().maxMessageChars()) {
            errors.add(new FieldError("/message", "is " + request.message().length() + " characters; at most "
                    + config.limits().maxMessageChars() + " are allowed"));
        }
        if (request.strategyId() != null && !uuid(request.strategyId())) {
            errors.add(new FieldError("/strategyId", "must be a strategy id (a UUID)"));
        }
        if (request.reasoningEffort() != null && !EFFORTS.contains(request.reasoningEffort())) {
            errors.add(new FieldError("/reasoningEffort", "must be one of " + String.join(", ", EFFORTS)));
        }
        if (request.temperature() != null && (request.temperature() < 0 || request.temperature() > 2)) {
            errors.add(new FieldError("/temperature", "must be between 0 and 2"));
        }
        int maxResponseTokens = config.limits().maxResponseTokens();
        if (request.responseTokens() != null && request.responseTokens() < 1) {
            errors.add(new FieldError("/responseTokens", "must be at least 1"));
        } else if (request.responseTokens() != null && request.responseTokens() > maxResponseTokens) {
            errors.add(new FieldError("/responseTokens", "is " + request.responseTokens() + "; at most "
                    + maxResponseTokens + " are allowed"));
        }
        int maxReasoningBudget = config.limits().maxReasoningBudget();
        if (request.reasoningBudget() != null && request.reasoningBudget() < 0) {
            errors.add(new FieldError("/reasoningBudget", "must not be negative"));
        } else if (request.reasoningBudget() != null && request.reasoningBudget() > maxReasoningBudget) {
            errors.add(new FieldError("/reasoningBudget", "is " + request.reasoningBudget() + "; at most "
                    + maxReasoningBudget + " are allowed"));
        }
        List<Mention> mentions = request.mentions();
        if (mentions.size() > config.limits().maxMentions()) {
            errors.add(new FieldError("/mentions", "at most " + config.limits().maxMentions() + " mentions are allowed"));
        }
        for (int i = 0; i < mentions.size(); i++) {
            Mention mention = mentions.get(i);
            if (mention == null) {
                errors.add(new FieldError("/mentions/" + i, "must be an object with type and id"));
                continue;
            }
            if (!"strategy".equals(mention.type()) && !"experiment".equals(mention.type())) {
                errors.add(new FieldError("/mentions/" + i + "/type", "must be strategy or experiment"));
            }
            if (mention.id() == null || !uuid(mention.id())) {
                errors.add(new FieldError("/mentions/" + i + "/id", "must be the id (a UUID) of a strategy or experiment"));
            }
        }
        for (int i = 0; i < request.disabledTools().size(); i++) {
            String name = request.disabledTools().get(i);
            if (name == null || !tools.exists(name)) {
                errors.add(new FieldError("/disabledTools/" + i, "unknown tool '" + name + "'; GET /api/v1/tools lists them"));
            }
        }
        return errors;
    }

    static boolean uuid(String text) {
        try {
            UUID.fromString(text);
            return text.length() == 36;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
