package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/** What the {@code mock} planner answers about the site's catalogue itself: its record types ("which record types …"). */
final class MockCatalogue {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern RECORD_TYPES = Pattern.compile("\\brecord\\s+types\\b", Pattern.CASE_INSENSITIVE);

    private MockCatalogue() {
    }

    /** The next move for such a question, if the request is one. */
    static Optional<MockPlanner.Move> next(String request, Set<String> tools, Function<String, Optional<JsonNode>> resultOf) {
        if (!RECORD_TYPES.matcher(request).find()) {
            return Optional.empty();
        }
        return Optional.of(resultOf.apply("get_record_types").<MockPlanner.Move>map(r -> {
            if (!r.has("recordTypes")) {
                return new MockPlanner.Answer("I could not read the site's record types: " + r.path("error").asText() + ".");
            }
            List<String> names = new ArrayList<>();
            r.path("recordTypes").forEach(t -> names.add(t.path("displayName").asText() + " (" + t.path("name").asText()
                    + (t.has("searchCount") ? ", " + t.path("searchCount").asInt() + " searches" : "") + ")"));
            return new MockPlanner.Answer("The site has " + names.size() + " record types: " + String.join(", ", names)
                    + ". This strategy returns " + r.path("strategyRecordType").asText() + " records.");
        }).orElseGet(() -> tools.contains("get_record_types")
                ? new MockPlanner.CallTool("Reading the site's record types.", "get_record_types", MAPPER.createObjectNode())
                : new MockPlanner.Answer("I would need the tool get_record_types for this, but it is turned off in this"
                        + " conversation.")));
    }
}
