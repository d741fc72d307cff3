package org.strategylab.chat.tools;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;

/**
 * A tool the agent may call (spec §1.1). Tools run on virtual threads, one call at a time per
 * turn, and may block on upstream calls. What a tool answers is handed to the model as text.
 */
public interface AgentTool {

    /** Its name, as models call it ({@code create_step}). */
    String name();

    /** What it does and when to use it, for the model. */
    String description();

    /** Its group in {@code GET /api/v1/tools}: {@code catalog}, {@code graph}, … */
    String group();

    /** Its arguments, as a JSON schema. */
    JsonObjectSchema arguments();

    /**
     * Runs it. A {@link ToolRefusal} is an answer the model can act on (a bad argument, a refused
     * parameter value); any other exception is a failure, reported as an {@code error} event too.
     */
    JsonNode run(JsonNode arguments, ToolContext context);

    /** How long one call may run, when not the loop's {@code agent.tool-timeout} (tools that run agents). */
    default java.util.Optional<java.time.Duration> timeout() {
        return java.util.Optional.empty();
    }

    /**
     * Whether its results carry text from outside StrategyLab (web pages, publications, gene records,
     * the catalogue's descriptions): the loop hands such a result to the model as quoted data, to read
     * and never to obey.
     */
    default boolean quotesOutsideText() {
        return false;
    }

    /**
     * The kind of action that changes what the user keeps, when it takes one: the loop runs it only
     * when the user's own message in the turn asks for that kind ({@link UserAction#askedIn}).
     */
    default java.util.Optional<UserAction> userAction() {
        return java.util.Optional.empty();
    }

    /** Its specification for the model. */
    default ToolSpecification specification() {
        return ToolSpecification.builder().name(name()).description(description()).parameters(arguments()).build();
    }
}
