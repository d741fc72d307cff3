package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * What the {@code mock} planner does with control genes and a wish for the strategy that finds them
 * ("discover the strategy that separates PF3D7_0100100, PF3D7_0100200 … from negatives
 * PF3D7_0900100 …"): one {@code discover_strategy} call with the gene IDs (those after a
 * "negative"/"not" word the negatives), then the recommendation in a sentence.
 */
final class MockDiscovery {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern ASKED = Pattern.compile("\\b(?:discover|propose|suggest|find)\\b[^.]*\\bstrateg\\w*"
            + "|\\bseparat\\w*|\\bdistinguish\\w*", Pattern.CASE_INSENSITIVE);
    private static final Pattern GENE_ID = Pattern.compile("\\b[A-Z][A-Za-z0-9]*_[0-9]{4,}\\b");
    private static final Pattern STEPS = Pattern.compile("\\b(?:at most|up to)\\s+([1-5])\\s+(?:searches|steps)\\b",
            Pattern.CASE_INSENSITIVE);

    private MockDiscovery() {
    }

    /** The next move when the request asks for a strategy from control genes, if it does. */
    static Optional<MockPlanner.Move> next(String request, Set<String> tools, Function<String, Optional<JsonNode>> resultOf) {
        if (!ASKED.matcher(request).find() || !GENE_ID.matcher(request).find()) {
            return Optional.empty();
        }
        return Optional.of(resultOf.apply("discover_strategy").map(MockDiscovery::discovered).orElseGet(() -> {
            if (!tools.contains("discover_strategy")) {
                return new MockPlanner.Answer("I would need the tool discover_strategy for this, but it is turned off in"
                        + " this conversation.");
            }
            ObjectNode arguments = MAPPER.createObjectNode();
            MockFollowUps.controls(request, arguments);
            var steps = STEPS.matcher(request);
            if (steps.find()) {
                arguments.put("maxSteps", Integer.parseInt(steps.group(1)));
            }
            return new MockPlanner.CallTool("Looking for the strategy that separates your genes: profiling them on the"
                    + " site, counting candidate searches and combining the best; this takes a few minutes.",
                    "discover_strategy", arguments);
        }));
    }

    private static MockPlanner.Move discovered(JsonNode result) {
        if (!result.has("recommended")) {
            String why = result.has("error") ? result.path("error").asText()
                    : result.has("note") ? result.path("note").asText() : result.path("status").asText();
            return new MockPlanner.Answer("The discovery did not propose a strategy: " + why + ".");
        }
        JsonNode chosen = result.path("recommended");
        return new MockPlanner.Answer(String.format(Locale.ROOT, "I recommend %s (step %s, now in your strategy):"
                        + " %s %.3f on your controls, %.3f cross-validated (overfitting %s), %d genes on the site."
                        + " It used %d of %d site calls.", chosen.path("description").asText(),
                result.path("recommendedStepId").asText(), result.path("objective").asText(),
                chosen.path("score").asDouble(), result.path("crossValidatedScore").asDouble(),
                result.path("overfittingLevel").asText(), chosen.path("resultSizeOnSite").asLong(),
                result.path("siteCalls").asInt(), result.path("budget").asInt()));
    }
}
