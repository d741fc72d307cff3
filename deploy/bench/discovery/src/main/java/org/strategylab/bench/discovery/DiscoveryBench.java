package org.strategylab.bench.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.strategylab.testsupport.TestTokens;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.stack.ProductStack;

/**
 * Strategy discovery on planted targets (issue 36). Each target is a strategy of one to three of the
 * simulator's own searches on PlasmoDB; its result on the site is the truth. Positive controls are
 * sampled from the truth and negative controls from the same organism's other genes (seeded); the
 * discovery runs through experiment-service and upstream-gateway as a user's would, with its default
 * budget; the proposed (recommended) strategy is run on the site and scored as the issue scores it:
 * its F1 against the truth on the genes that were not controls. Reports F1, the site calls the
 * discovery made and its time per target, and whether the goal (F1 ≥ 0.9 on at least 8 of 10) is met.
 */
public final class DiscoveryBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PF = "Plasmodium falciparum 3D7";
    private static final String PV = "Plasmodium vivax P01";
    private static final String USER = "discovery-bench";

    /** A planted target: a name, its organism and its step tree. */
    record Target(String name, String organism, String tree) {
    }

    static String go(String organism, String term) {
        return "{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"" + organism + "\"],\"go_typeahead\":[\""
                + term + "\"]}}";
    }

    static String signalPeptide(String organism) {
        return "{\"searchName\":\"GenesWithSignalPeptide\",\"parameters\":{\"organism\":[\"" + organism + "\"]}}";
    }

    static String join(String operator, String left, String right) {
        return "{\"operator\":\"" + operator + "\",\"primaryInput\":" + left + ",\"secondaryInput\":" + right + "}";
    }

    static final List<Target> TARGETS = List.of(
            new Target("protein kinases (GO:0004672)", PF, go(PF, "GO:0004672")),
            new Target("peptidases (GO:0008233)", PF, go(PF, "GO:0008233")),
            new Target("ribosome constituents (GO:0003735)", PF, go(PF, "GO:0003735")),
            new Target("transmembrane transporters (GO:0022857)", PF, go(PF, "GO:0022857")),
            new Target("host cell entry (GO:0044409)", PF, go(PF, "GO:0044409")),
            new Target("gamete generation (GO:0048232)", PF, go(PF, "GO:0048232")),
            new Target("signal transduction, P. vivax (GO:0007165)", PV, go(PV, "GO:0007165")),
            new Target("protein folding (GO:0006457)", PF, go(PF, "GO:0006457")),
            new Target("kinases with a signal peptide", PF, join("INTERSECT", go(PF, "GO:0004672"), signalPeptide(PF))),
            new Target("oxidoreductases or nucleic-acid binding", PF, join("UNION", go(PF, "GO:0016491"), go(PF, "GO:0003676"))),
            new Target("protein binding but not folding (proteasome)", PF,
                    join("MINUS", go(PF, "GO:0005515"), go(PF, "GO:0006457"))),
            new Target("peptidases with a signal peptide", PF, join("INTERSECT", go(PF, "GO:0008233"), signalPeptide(PF))));

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private final Map<String, Set<String>> searched = new HashMap<>();
    private QuarkusAppProcess gateway;
    private QuarkusAppProcess experiments;
    /** Each target's profile and candidates too (--verbose true). */
    private boolean verbose;

    public static void main(String[] args) throws Exception {
        Map<String, String> flags = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            flags.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        DiscoveryBench bench = new DiscoveryBench();
        bench.verbose = Boolean.parseBoolean(flags.getOrDefault("verbose", "false"));
        bench.run(Path.of(flags.get("gateway-jar")), Path.of(flags.get("service-jar")),
                Path.of(flags.getOrDefault("work-dir", "target/bench-work")),
                Integer.parseInt(flags.getOrDefault("positives", "15")),
                Integer.parseInt(flags.getOrDefault("negatives", "30")),
                Long.parseLong(flags.getOrDefault("seed", "1")), flags.get("budget"), flags.get("only"));
    }

    record Row(Target target, int truth, int positives, int negatives, double f1, int tp, int fp, int fn, int siteCalls,
               boolean budgetExhausted, double seconds, String proposal, String error) {
    }

    void run(Path gatewayJar, Path serviceJar, Path work, int positives, int negatives, long seed, String budget,
             String only) throws Exception {
        Files.createDirectories(work);
        try (ProductStack stack = ProductStack.in(work).keepDirectory().start()) {
            gateway = stack.start(stack.upstreamGateway("upstream-gateway", gatewayJar)
                    .property("strategylab.upstream.rate-limit.enabled", "false"));
            experiments = stack.start(stack.consumer("experiment-service", serviceJar, gateway));
            say("upstream-gateway " + gateway.baseUri() + ", experiment-service " + experiments.baseUri());
            List<Row> rows = new ArrayList<>();
            for (int t = 0; t < TARGETS.size(); t++) {
                if (only != null && !List.of(only.split(",")).contains(String.valueOf(t + 1))) {
                    continue;
                }
                Row row = target(TARGETS.get(t), positives, negatives, seed + t, budget);
                rows.add(row);
                say(String.format(Locale.ROOT, "%-45s F1 %.3f  calls %3d  %5.1f s  %s", row.target().name(), row.f1(),
                        row.siteCalls(), row.seconds(), row.error() != null ? row.error() : row.proposal()));
            }
            report(rows, positives, negatives, budget);
        }
    }

    private Row target(Target target, int positiveCount, int negativeCount, long seed, String budget) throws Exception {
        Set<String> truth = genes(JSON.readTree(target.tree()));
        Set<String> genome = ids("{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"" + target.organism()
                + "\"]}}");
        Random random = new Random(seed);
        List<String> inside = new ArrayList<>(truth);
        Collections.sort(inside);
        Collections.shuffle(inside, random);
        List<String> outside = new ArrayList<>(genome.stream().filter(g -> !truth.contains(g)).sorted().toList());
        Collections.shuffle(outside, random);
        // at most half the target, so that most of it is left to be found
        List<String> positives = inside.subList(0, Math.min(positiveCount, Math.max(3, inside.size() / 2)));
        List<String> negatives = outside.subList(0, Math.min(negativeCount, outside.size()));
        ObjectNode body = JSON.createObjectNode().put("siteId", "plasmodb");
        body.set("positiveControls", JSON.valueToTree(positives));
        body.set("negativeControls", JSON.valueToTree(negatives));
        if (budget != null) {
            body.put("budget", Integer.parseInt(budget));
        }
        long started = System.nanoTime();
        HttpResponse<String> accepted = http.send(post(experiments.baseUri().resolve("/api/v1/strategy-discovery"), body),
                HttpResponse.BodyHandlers.ofString());
        if (accepted.statusCode() != 202) {
            return new Row(target, truth.size(), positives.size(), negatives.size(), 0, 0, 0, 0, 0, false, 0, null,
                    "POST answered " + accepted.statusCode() + ": " + accepted.body());
        }
        String id = JSON.readTree(accepted.body()).path("discoveryId").asText();
        JsonNode view;
        while (true) {
            HttpResponse<String> read = http.send(HttpRequest.newBuilder(experiments.baseUri()
                            .resolve("/api/v1/strategy-discovery/" + id)).timeout(Duration.ofSeconds(30))
                    .header("Authorization", TestTokens.bearer(USER)).GET().build(), HttpResponse.BodyHandlers.ofString());
            view = JSON.readTree(read.body());
            String status = view.path("status").asText();
            if (!status.equals("queued") && !status.equals("running")) {
                break;
            }
            Thread.sleep(200); // polling a running discovery from the bench's own loop
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        JsonNode result = view.path("result");
        if (!"completed".equals(view.path("status").asText()) || result.path("strategies").isEmpty()) {
            return new Row(target, truth.size(), positives.size(), negatives.size(), 0, 0, 0, truth.size(),
                    result.path("siteCalls").asInt(), result.path("budgetExhausted").asBoolean(), seconds, null,
                    view.path("status").asText() + ": " + (view.hasNonNull("error") ? view.path("error").asText()
                            : result.path("message").asText()));
        }
        JsonNode chosen = result.path("strategies").get(0);
        if (verbose) {
            say(target.name() + ": " + result.path("profile").path("summary"));
            result.path("candidates").forEach(c -> say("  candidate " + c.path("label").asText() + ": +"
                    + c.path("positiveHits").asInt() + " −" + c.path("negativeHits").asInt() + " of "
                    + c.path("resultSize").asLong()));
        }
        Set<String> proposed = genes(chosen.path("stepTree"));
        Set<String> controls = new HashSet<>(positives);
        controls.addAll(negatives);
        int tp = 0;
        int fp = 0;
        int fn = 0;
        Set<String> universe = new HashSet<>(genome);
        universe.addAll(proposed);
        for (String gene : universe) {
            if (controls.contains(gene)) {
                continue;
            }
            boolean in = truth.contains(gene);
            boolean found = proposed.contains(gene);
            tp += in && found ? 1 : 0;
            fp += !in && found ? 1 : 0;
            fn += in && !found ? 1 : 0;
        }
        double f1 = tp == 0 ? 0 : 2.0 * tp / (2.0 * tp + fp + fn);
        return new Row(target, truth.size(), positives.size(), negatives.size(), f1, tp, fp, fn,
                result.path("siteCalls").asInt(), result.path("budgetExhausted").asBoolean(), seconds,
                chosen.path("description").asText(), null);
    }

    /** The genes of a step tree on the site: each search's IDs, the operators applied. */
    private Set<String> genes(JsonNode tree) throws Exception {
        if (!tree.has("operator")) {
            return new HashSet<>(ids(tree.toString()));
        }
        Set<String> left = genes(tree.path("primaryInput"));
        Set<String> right = genes(tree.path("secondaryInput"));
        switch (tree.path("operator").asText()) {
            case "INTERSECT" -> left.retainAll(right);
            case "UNION" -> left.addAll(right);
            case "MINUS" -> left.removeAll(right);
            default -> throw new IllegalStateException("an operator the bench does not apply: " + tree);
        }
        return left;
    }

    /** A search's gene IDs as the site answers them, through upstream-gateway's internal API (remembered). */
    private Set<String> ids(String search) throws Exception {
        Set<String> known = searched.get(search);
        if (known != null) {
            return new LinkedHashSet<>(known);
        }
        ObjectNode body = (ObjectNode) JSON.readTree(search);
        body.put("maxIds", 50000);
        HttpResponse<String> response = http.send(post(gateway.baseUri().resolve("/internal/v1/sites/plasmodb/searches/run"),
                body), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("the search answered " + response.statusCode() + ": " + response.body());
        }
        Set<String> ids = new LinkedHashSet<>();
        JSON.readTree(response.body()).path("ids").forEach(id -> ids.add(id.asText()));
        searched.put(search, ids);
        return new LinkedHashSet<>(ids);
    }

    private static HttpRequest post(URI uri, JsonNode body) throws Exception {
        return HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(120))
                .header("Authorization", TestTokens.bearer(USER)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body))).build();
    }

    private static void report(List<Row> rows, int positives, int negatives, String budget) {
        StringBuilder table = new StringBuilder();
        table.append("| target | truth | controls (+/−) | F1 on non-controls | TP / FP / FN | site calls | time (s) | proposed |\n");
        table.append("|---|---|---|---|---|---|---|---|\n");
        int met = 0;
        List<Double> seconds = new ArrayList<>();
        List<Integer> calls = new ArrayList<>();
        for (Row row : rows) {
            met += row.f1() >= 0.9 ? 1 : 0;
            seconds.add(row.seconds());
            calls.add(row.siteCalls());
            table.append(String.format(Locale.ROOT, "| %s | %d | %d / %d | %.3f | %d / %d / %d | %d%s | %.1f | %s |%n",
                    row.target().name(), row.truth(), row.positives(), row.negatives(), row.f1(), row.tp(), row.fp(),
                    row.fn(), row.siteCalls(), row.budgetExhausted() ? " (budget)" : "", row.seconds(),
                    row.error() != null ? row.error() : row.proposal()));
        }
        Collections.sort(seconds);
        Collections.sort(calls);
        System.out.println();
        System.out.print(table);
        System.out.println();
        System.out.printf(Locale.ROOT, "F1 >= 0.9 on %d of %d targets (goal: 8 of 10); budget %s; controls at most %d"
                        + " positives (half the target) and %d negatives; median site calls %d, median time %.1f s%n",
                met, rows.size(), budget == null ? "default" : budget, positives, negatives, calls.get(calls.size() / 2),
                seconds.get(seconds.size() / 2));
    }

    static void say(String line) {
        System.out.println("[discovery-bench] " + line);
    }

}
