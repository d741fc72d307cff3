package org.strategylab.evaluation.cli;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.bootstrap.BootstrapRequest;
import org.strategylab.evaluation.bootstrap.RobustnessBootstrap;
import org.strategylab.evaluation.cv.CrossValidator;
import org.strategylab.evaluation.cv.GeneIdEvaluator;
import org.strategylab.evaluation.enrichment.CustomEnrichment;
import org.strategylab.evaluation.enrichment.EnrichmentComparator;
import org.strategylab.evaluation.enrichment.TermCounts;
import org.strategylab.evaluation.enrichment.TermEnrichment;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.model.EnrichmentResult;
import org.strategylab.evaluation.model.Experiment;
import org.strategylab.evaluation.overlap.ExperimentGenes;
import org.strategylab.evaluation.overlap.OverlapAnalysis;
import org.strategylab.evaluation.rank.RankMetricsCalculator;
import org.strategylab.evaluation.report.HtmlReportRenderer;
import org.strategylab.evaluation.stats.HypergeometricTest;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code strategylab-eval} command: {@code strategylab-eval COMMAND [FILE]} reads one JSON
 * document from FILE (or standard input) and prints the JSON result (the HTML document for
 * {@code report}). Bad input prints one line naming the field to standard error and exits 2.
 *
 * <p>{@code strategylab-eval batch [FILE]} runs many commands in one process (the JVM's start-up
 * is most of a single call): one request per line, {@code {"id": …, "command": "metrics",
 * "input": {…}}}, one answer line per request in the same order, {@code {"id": …, "result": …}} or
 * {@code {"id": …, "line": n, "error": {"field": …, "message": …}}}. A bad line gets its error and
 * the batch goes on; blank lines are skipped. Each answer is flushed at once, so a caller can
 * write a request and read its answer over a pipe.
 */
public final class EvaluationCli {
    /** Exit status for bad input. */
    public static final int BAD_INPUT = 2;
    private static final String USAGE = "usage: strategylab-eval "
            + "metrics|rank|bootstrap|cv|hypergeometric|enrich|custom-enrich|overlap|compare|report|batch [FILE]";

    /** Set on first use: a single {@code metrics} call never needs it ({@link LightMetrics}). */
    private ObjectMapper mapper;

    public static void main(String[] args) {
        int status = new EvaluationCli().run(args, System.in, System.out, System.err);
        System.out.flush();
        System.exit(status);
    }

    private ObjectMapper mapper() {
        if (mapper == null) {
            mapper = EvaluationJson.mapper();
        }
        return mapper;
    }

    /** Runs one command; returns the exit status. */
    public int run(String[] args, InputStream stdin, PrintStream out, PrintStream err) {
        if (args.length < 1 || args.length > 2 || "-h".equals(args[0]) || "--help".equals(args[0])) {
            err.println(USAGE);
            return args.length == 1 && ("-h".equals(args[0]) || "--help".equals(args[0])) ? 0 : BAD_INPUT;
        }
        if ("batch".equals(args[0])) {
            return batch(args, stdin, out, err);
        }
        try {
            byte[] bytes = args.length == 2 ? Files.readAllBytes(Path.of(args[1])) : stdin.readAllBytes();
            if ("metrics".equals(args[0])) {
                String answer = LightMetrics.answer(bytes);
                if (answer != null) {
                    out.println(answer);
                    return 0;
                }
            }
            // a file is decoded strictly (malformed UTF-8 is an input error), standard input with replacement
            String text = args.length == 2 ? Files.readString(Path.of(args[1]), StandardCharsets.UTF_8)
                    : new String(bytes, StandardCharsets.UTF_8);
            JsonNode root;
            try {
                root = mapper().readTree(text);
            } catch (JsonProcessingException e) {
                throw new ValidationException("input", "not valid JSON at line "
                        + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr());
            }
            InputDocument in = new InputDocument(root, "");
            Object result = dispatch(args[0], in);
            if (result instanceof String html) {
                out.print(html);
            } else {
                out.println(mapper().writerWithDefaultPrettyPrinter().writeValueAsString(result));
            }
            return 0;
        } catch (ValidationException e) {
            err.println("error: " + oneLine(e.getMessage()));
            return BAD_INPUT;
        } catch (IOException e) {
            return unreadable(e, err);
        }
    }

    /** Says why the input could not be read, in one line, and gives the bad-input status. */
    private static int unreadable(IOException e, PrintStream err) {
        err.println(e instanceof NoSuchFileException missing
                ? "error: file: no such file " + missing.getFile()
                : "error: input: " + oneLine(String.valueOf(e.getMessage())));
        return BAD_INPUT;
    }

    /** Runs NDJSON requests until the end of the input; exits 0 once it is read, 2 if it cannot be read. */
    private int batch(String[] args, InputStream stdin, PrintStream out, PrintStream err) {
        boolean fromFile = args.length == 2;
        // a file is decoded strictly (malformed UTF-8 is an input error), standard input with replacement
        CharsetDecoder strict = fromFile ? StandardCharsets.UTF_8.newDecoder() : null;
        try (InputStream source = fromFile ? Files.newInputStream(Path.of(args[1])) : stdin) {
            RequestLines lines = new RequestLines(source);
            int number = 0;
            while (lines.next()) {
                number++;
                if (lines.isAscii()) { // the plainest metrics requests skip Jackson databind (LightMetrics)
                    String light = LightMetrics.batchAnswer(lines.buffer(), lines.lineStart(), lines.lineLength());
                    if (light != null) {
                        out.println(light);
                        out.flush();
                        continue;
                    }
                }
                StreamedInput request = lines.isAscii() ? parsedAscii(lines) : null;
                ObjectNode answer;
                if (request != null) {
                    answer = answer(request.envelope, request.streamedStrings, number);
                } else { // any other line takes the character path, with its exact messages
                    ByteBuffer bytes = ByteBuffer.wrap(lines.buffer(), lines.lineStart(), lines.lineLength());
                    String line = strict != null ? strict.decode(bytes).toString()
                            : StandardCharsets.UTF_8.decode(bytes).toString();
                    if (line.isBlank()) {
                        continue;
                    }
                    answer = answer(line, number);
                }
                out.println(mapper().writeValueAsString(answer));
                out.flush();
            }
            return 0;
        } catch (IOException e) {
            return unreadable(e, err);
        }
    }

    /**
     * The request of a pure-ASCII line that starts with '{', parsed from its bytes, or null to take
     * the character path: for any other line, and for a line that is no valid JSON (so the error
     * names the column exactly as before). Starting with '{' and no zero byte in the first four also
     * keeps Jackson's encoding detection from taking the bytes for UTF-16 or UTF-32.
     */
    private StreamedInput parsedAscii(RequestLines lines) {
        byte[] b = lines.buffer();
        int from = lines.lineStart();
        int length = lines.lineLength();
        if (length < 4 || b[from] != '{' || b[from + 1] == 0 || b[from + 2] == 0 || b[from + 3] == 0) {
            return null;
        }
        try (JsonParser parser = mapper().getFactory().createParser(b, from, length)) {
            return StreamedInput.read(mapper(), parser);
        } catch (IOException e) {
            return null;
        }
    }

    /** The answer to one request line: its result, or its error; never an exception. */
    private ObjectNode answer(String line, int number) {
        JsonNode request;
        try {
            request = mapper().readTree(line);
        } catch (JsonProcessingException e) {
            return error(mapper().createObjectNode(), null, number, "request",
                    "not valid JSON at column " + e.getLocation().getColumnNr());
        }
        return answer(request, Map.of(), number);
    }

    /** The answer to one parsed request: its result, or its error; never an exception. */
    private ObjectNode answer(JsonNode request, Map<String, List<String>> streamedInput, int number) {
        ObjectNode answer = mapper().createObjectNode();
        try {
            if (!request.isObject()) {
                throw new ValidationException("request", "must be a JSON object");
            }
            InputDocument envelope = new InputDocument(request, "");
            answer.set("id", request.get("id"));
            String command = envelope.requireString("command");
            if ("batch".equals(command)) {
                throw new ValidationException("command", "a batch cannot contain 'batch'");
            }
            if (!envelope.has("input")) {
                throw new ValidationException("input", "is required");
            }
            Object result = dispatch(command, new InputDocument(request.get("input"), "", streamedInput));
            answer.set("result", mapper().valueToTree(result));
            return answer;
        } catch (ValidationException e) {
            return error(answer, request, number, e.field(), fieldMessage(e));
        } catch (IOException e) {
            return error(answer, request, number, "input", oneLine(String.valueOf(e.getMessage())));
        } catch (RuntimeException e) { // a fault of ours on this line must not cost the caller the rest of the batch
            return error(answer, request, number, null, "internal error: " + e);
        }
    }

    private ObjectNode error(ObjectNode answer, JsonNode request, int number, String field, String message) {
        answer.removeAll();
        answer.set("id", request != null && request.isObject() ? request.get("id") : null);
        answer.put("line", number);
        ObjectNode error = answer.putObject("error");
        error.put("field", field);
        error.put("message", message);
        return answer;
    }

    /** The exception's reason without the "field: " prefix that ValidationException puts in front. */
    private static String fieldMessage(ValidationException e) {
        String message = oneLine(e.getMessage());
        String prefix = e.field() + ": ";
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    private Object dispatch(String command, InputDocument in) throws IOException {
        return switch (command) {
            case "metrics" -> metrics(in);
            case "rank" -> RankMetricsCalculator.compute(in.requireStrings("orderedIds"),
                    ControlSets.of(in.requireStrings("positiveControls"), in.optionalStrings("negativeControls")),
                    in.optionalInts("kValues"));
            case "bootstrap" -> RobustnessBootstrap.run(new BootstrapRequest(in.requireStrings("orderedIds"),
                    in.optionalStrings("resultIds"), in.requireStrings("positiveControls"),
                    in.requireStrings("negativeControls"), in.optionalInt("nBootstrap"), in.optionalLong("seed"),
                    in.optionalInts("kValues"), null, in.optionalStringListMap("alternativeNegatives")));
            case "cv" -> crossValidation(in);
            case "hypergeometric" -> hypergeometric(in);
            case "enrich" -> enrich(in);
            case "custom-enrich" -> CustomEnrichment.analyse(in.requireString("geneSetName"),
                    in.requireStrings("geneIds"), in.requireStrings("resultIds"), in.requireStrings("backgroundIds"),
                    in.optionalStrings("positiveControls"));
            case "overlap" -> overlap(in);
            case "compare" -> compare(in);
            case "report" -> report(in);
            default -> throw new ValidationException("command", "unknown command '" + command + "'; " + USAGE);
        };
    }

    private Object metrics(InputDocument in) {
        if (in.has("resultIds")) {
            return GeneIdClassifier.metrics(in.requireStrings("resultIds"),
                    ControlSets.of(in.requireStrings("positiveControls"), in.optionalStrings("negativeControls")));
        }
        int positiveHits = in.requireInt("positiveHits");
        int totalPositives = in.requireInt("totalPositives");
        int negativeHits = in.requireInt("negativeHits");
        int totalNegatives = in.requireInt("totalNegatives");
        for (String f : List.of("positiveHits", "totalPositives", "negativeHits", "totalNegatives")) {
            if (in.requireInt(f) < 0) {
                throw new ValidationException(f, "must be ≥ 0");
            }
        }
        Integer totalResults = in.optionalInt("totalResults");
        return ClassificationMetrics.fromCounts(positiveHits, totalPositives, negativeHits, totalNegatives,
                totalResults == null ? 0 : totalResults);
    }

    private Object crossValidation(InputDocument in) {
        List<String> result = in.requireStrings("resultIds");
        List<String> positives = in.requireStrings("positiveControls");
        List<String> negatives = in.requireStrings("negativeControls");
        Integer k = in.optionalInt("k");
        Long seed = in.optionalLong("seed");
        if (seed != null && seed < 0) {
            throw new ValidationException("seed", "must be ≥ 0");
        }
        var full = GeneIdClassifier.metrics(result, ControlSets.of(positives, negatives));
        return CrossValidator.run(positives, negatives, k == null ? CrossValidator.DEFAULT_K : k,
                seed == null ? CrossValidator.DEFAULT_SEED : seed, new GeneIdEvaluator(result), full, null);
    }

    private Object hypergeometric(InputDocument in) {
        var r = HypergeometricTest.test(in.requireInt("observed"), in.requireInt("population"),
                in.requireInt("successes"), in.requireInt("draws"));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("pValue", r.pValue());
        // ln p is −∞ above the support; JSON has no infinity, so say so explicitly
        out.put("logPValue", Double.isFinite(r.logPValue()) ? r.logPValue() : null);
        out.put("pValueNormalApprox", r.pValueNormalApprox());
        return out;
    }

    private Object enrich(InputDocument in) {
        List<TermCounts> terms = new ArrayList<>();
        for (InputDocument t : in.requireObjects("terms")) {
            terms.add(new TermCounts(t.requireString("termId"), t.optionalString("termName"),
                    t.requireInt("resultCount"), t.requireInt("backgroundCount")));
        }
        return TermEnrichment.analyse(in.optionalString("analysisType"), in.requireInt("resultSize"),
                in.requireInt("backgroundSize"), terms);
    }

    private Object overlap(InputDocument in) {
        List<ExperimentGenes> experiments = new ArrayList<>();
        for (InputDocument e : in.requireObjects("experiments")) {
            experiments.add(new ExperimentGenes(e.requireString("id"), e.optionalString("label"),
                    orEmpty(e.optionalStrings("truePositiveGenes")), orEmpty(e.optionalStrings("falsePositiveGenes"))));
        }
        return OverlapAnalysis.analyse(experiments);
    }

    private Object compare(InputDocument in) throws IOException {
        List<EnrichmentComparator.ExperimentEnrichment> experiments = new ArrayList<>();
        for (InputDocument e : in.requireObjects("experiments")) {
            List<EnrichmentResult> results = new ArrayList<>();
            if (e.has("enrichmentResults")) {
                JsonNode array = e.root().get("enrichmentResults");
                if (!array.isArray()) {
                    throw new ValidationException("enrichmentResults", "must be an array");
                }
                for (JsonNode r : array) {
                    results.add(mapper().treeToValue(r, EnrichmentResult.class));
                }
            }
            experiments.add(new EnrichmentComparator.ExperimentEnrichment(e.requireString("id"),
                    e.optionalString("label"), results));
        }
        return EnrichmentComparator.compare(experiments, in.optionalString("analysisType"));
    }

    private Object report(InputDocument in) throws IOException {
        if (!in.has("id")) {
            throw new ValidationException("id", "is required");
        }
        Experiment experiment;
        try {
            experiment = mapper().treeToValue(in.root(), Experiment.class);
        } catch (JsonProcessingException e) {
            String path = e instanceof com.fasterxml.jackson.databind.JsonMappingException m
                    ? m.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName()
                    : "[" + r.getIndex() + "]").reduce((a, b) -> a + "." + b).orElse("input") : "input";
            throw new ValidationException(path, "has the wrong type");
        }
        return new HtmlReportRenderer().render(experiment);
    }

    private static List<String> orEmpty(List<String> list) {
        return list == null ? List.of() : list;
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").trim();
    }
}
