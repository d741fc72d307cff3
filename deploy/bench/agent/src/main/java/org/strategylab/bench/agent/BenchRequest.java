package org.strategylab.bench.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A researcher's request of the benchmark: what they say to the agent on a site, and the gold
 * strategy that answers it, as a step tree in upstream-gateway's {@code StepTreeSpec} shape (the
 * shape chat-service builds from its graph to count and push it). The gold's genes are not stored:
 * the bench asks the site for them at run time.
 *
 * @param id      a short stable name
 * @param siteId  the site the request is about
 * @param message what the researcher says
 * @param gold    the gold step tree
 */
public record BenchRequest(String id, String siteId, String message, JsonNode gold) {

    /** Where the requests are, on the class path. */
    public static final String RESOURCE = "/agent-bench/requests.json";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Every request of the benchmark, in file order. */
    public static List<BenchRequest> all() {
        try (InputStream in = BenchRequest.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            List<BenchRequest> requests = new ArrayList<>();
            for (JsonNode node : JSON.readTree(in).path("requests")) {
                requests.add(new BenchRequest(node.path("id").asText(), node.path("siteId").asText(),
                        node.path("message").asText(), node.path("gold")));
            }
            return requests;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /** The number of steps of the gold tree (searches, transforms and combines). */
    public int goldSteps() {
        return steps(gold);
    }

    private static int steps(JsonNode node) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            return 0;
        }
        return 1 + steps(node.get("primaryInput")) + steps(node.get("secondaryInput"));
    }
}
