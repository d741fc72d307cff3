package org.strategylab.chat.agent;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkus.qute.Engine;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateLocator;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import org.strategylab.chat.graph.StrategyGraph;
import org.strategylab.chat.tools.graph.GraphEdits;

/**
 * The system message of a turn, rendered from the Qute templates under {@code prompts/} in the
 * resources: {@code agent.txt} for the chat's agent, {@code workbench.txt} for the workbench
 * assistant, {@code sub-agent.txt} for a delegated task, and their shared parts under
 * {@code prompts/parts/}. Each is rendered with the site, the record type, the strategy as it stands,
 * what the user mentioned, and the names of the tools enabled for the turn, so the text names no tool
 * the model cannot call.
 *
 * <p>A plain Qute engine of its own (strict rendering: an unknown name in a template fails the render,
 * which the tests catch): turns are made outside CDI too (sub-agents, the loop's tests), and the
 * templates sit outside {@code templates/}, so the Qute extension that quarkus-langchain4j brings
 * along does not check them against types it cannot know.
 */
final class AgentInstructions {

    /** The folder of the templates in the resources. */
    static final String FOLDER = "prompts/";

    private static final Engine ENGINE = Engine.builder().addDefaults().addLocator(AgentInstructions::locate)
            .strictRendering(true).removeStandaloneLines(true).build();

    private AgentInstructions() {
    }

    /** The system message of the turn, naming only the tools it may call. */
    static String of(TurnRequest request, Collection<String> toolNames) {
        String name = request.task() != null ? "sub-agent" : request.experimentId() != null ? "workbench" : "agent";
        SortedSet<String> tools = new TreeSet<>(toolNames);
        Map<String, Object> data = new HashMap<>();
        data.put("site", request.siteId());
        data.put("recordType", request.graph().recordType());
        data.put("strategyName", request.strategyName());
        data.put("tools", tools);
        data.put("toolList", tools.isEmpty() ? "none" : String.join(", ", tools));
        data.put("state", state(request.graph()));
        data.put("mentions", request.contextBlocks());
        return template(name).data(data).render();
    }

    /** The template of this name (without folder and suffix); an unknown one is a programming error. */
    static Template template(String name) {
        Template template = ENGINE.getTemplate(name);
        if (template == null) {
            throw new IllegalStateException("no template " + FOLDER + name + ".txt");
        }
        return template;
    }

    /** The graph's steps and overview as one line of JSON, or null while it has no steps. */
    private static String state(StrategyGraph graph) {
        if (graph.steps().isEmpty()) {
            return null;
        }
        ArrayNode steps = TurnEvents.object().putArray("steps");
        graph.steps().forEach(step -> steps.add(GraphEdits.describe(step)));
        ObjectNode state = TurnEvents.object();
        state.set("steps", steps);
        state.set("graph", GraphEdits.overview(graph));
        return state.toString();
    }

    private static Optional<TemplateLocator.TemplateLocation> locate(String id) {
        String path = FOLDER + id + (id.endsWith(".txt") ? "" : ".txt");
        if (AgentInstructions.class.getClassLoader().getResource(path) == null) {
            return Optional.empty();
        }
        return Optional.of(new TemplateLocator.TemplateLocation() {
            @Override
            public Reader read() {
                InputStream stream = AgentInstructions.class.getClassLoader().getResourceAsStream(path);
                return new InputStreamReader(stream, StandardCharsets.UTF_8);
            }

            @Override
            public Optional<io.quarkus.qute.Variant> getVariant() {
                return Optional.empty();
            }
        });
    }
}
