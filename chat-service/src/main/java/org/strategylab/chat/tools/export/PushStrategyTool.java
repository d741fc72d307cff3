package org.strategylab.chat.tools.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.persistence.StrategyEntity;
import org.strategylab.chat.persistence.StrategyRepository;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.edge.peer.PeerFailure;
import java.util.Optional;
import org.strategylab.chat.tools.UserAction;

/** {@code push_strategy}: puts the strategy on the site as a real strategy the user can open there. */
@ApplicationScoped
public class PushStrategyTool implements AgentTool {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    StrategyRepository strategies;

    @Inject
    StrategyPush pushes;

    @Override
    public String name() {
        return "push_strategy";
    }

    @Override
    public String description() {
        return "Put the finished strategy on the VEuPathDB site as a real strategy (saved in the user's account), "
                + "or update it there after changes. Answers its id and the link that opens it on the site.";
    }

    @Override
    public String group() {
        return "export";
    }

    @Override
    public Optional<UserAction> userAction() {
        return Optional.of(UserAction.SAVE_ON_SITE);
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder().addBooleanProperty("isSaved",
                "keep it among the user's saved strategies on the site (default true)").build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        StrategyGraph graph = context.graph().current();
        List<String> problems = StrategyPush.problems(graph);
        if (!problems.isEmpty()) {
            throw new ToolRefusal("the strategy cannot be put on the site yet: " + String.join("; ", problems));
        }
        StrategyEntity row = strategies.find(context.strategyId()).await().atMost(WAIT)
                .orElseThrow(() -> new IllegalStateException("the conversation no longer exists"));
        boolean saved = !arguments.path("isSaved").isBoolean() || arguments.path("isSaved").asBoolean();
        StrategyPush.Pushed pushed;
        try {
            pushed = pushes.push(row, graph, context.token(), saved);
        } catch (PeerFailure failure) {
            if (failure.inputRefused()) {
                throw new ToolRefusal("the site refused the strategy: " + failure.explanation());
            }
            throw failure;
        }
        context.graph().adoptLinked(pushed.graph(), pushed.link());
        ObjectNode result = ToolResults.object().put("action", "pushed");
        result.set("link", MAPPER.valueToTree(pushed.link()));
        return result;
    }
}
