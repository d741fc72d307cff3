package org.strategylab.chat.graph;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * A short digest of what of a graph the site's strategy holds: each step's kind, search, parameters,
 * operator, inputs and name. Counts, the site's step ids and validation messages are left out, so
 * the graph a push writes back (with those filled in) has the fingerprint of the graph it pushed.
 */
public final class GraphFingerprint {

    private static final ObjectMapper CANONICAL = JsonMapper.builder()
            .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .build();

    private GraphFingerprint() {
    }

    /** What of a step the site keeps. */
    private record SiteStep(String id, StepKind kind, String displayName, String searchName,
                            Map<String, Object> parameters, CombineOperator operator, String primaryInputStepId,
                            String secondaryInputStepId) {
    }

    /** The fingerprint of the graph (SHA-256, hex). */
    public static String of(StrategyGraph graph) {
        List<SiteStep> steps = graph.steps().stream().sorted(Comparator.comparing(GraphStep::id))
                .map(s -> new SiteStep(s.id(), s.kind(), s.displayName(), s.searchName(), s.parameters(), s.operator(),
                        s.primaryInputStepId(), s.secondaryInputStepId()))
                .toList();
        try {
            byte[] canonical = CANONICAL.writeValueAsBytes(Map.of("recordType", String.valueOf(graph.recordType()),
                    "steps", steps));
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical));
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("the graph's fingerprint cannot be computed", e);
        }
    }
}
