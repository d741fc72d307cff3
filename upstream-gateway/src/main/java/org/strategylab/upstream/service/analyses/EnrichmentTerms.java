package org.strategylab.upstream.service.analyses;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.strategylab.evaluation.model.EnrichmentTerm;

/**
 * Reads the rows of the enrichment plugins' results ({@code resultData[]}, every value a string;
 * upstream-wdk.md §3.7) into evaluation-core's {@link EnrichmentTerm}s. The plugins differ: GO rows
 * name the term {@code goId}/{@code goTerm}, pathway rows {@code pathwayId}/{@code pathwayName}, word
 * rows {@code word} with the description in {@code pathwayName} (WDK's naming). GO and pathway
 * {@code resultGenes} is an HTML link to a {@code GeneByLocusTag} search whose text is the count and
 * whose {@code idList} holds the genes; word enrichment gives the plain count.
 *
 * <p>Missing or unreadable numbers take PathFinder's defaults (p, FDR and Bonferroni 1, fold 0), so
 * one odd row never hides the others. An infinite odds ratio ({@code inf}, {@code Infinity}: every
 * term gene in the result) is null with the flag {@code infinite}, never 0 (evaluation-semantics §7).
 * The plugins give no table margins, so the Haldane odds ratio and the log p stay null.
 */
final class EnrichmentTerms {

    private static final Pattern LINK_COUNT = Pattern.compile(">\\s*(\\d+)\\s*<");
    private static final Pattern ID_LIST = Pattern.compile("idList=([^&'\"<>\\s]*)");
    private static final Map<String, String> GO_BRANCHES = Map.of(
            "molecular function", "go_function",
            "cellular component", "go_component",
            "biological process", "go_process");

    private EnrichmentTerms() {
    }

    /**
     * The analysis type of spec 2.2: {@code go_function}, {@code go_component} or {@code go_process}
     * (from the ontology the GO run used, default {@code go_process}), {@code pathway} or {@code word};
     * other plugins keep their name.
     */
    static String analysisType(String analysisName, Map<String, String> parameters) {
        return switch (analysisName) {
            case "go-enrichment" -> {
                String ontology = parameters == null ? null : parameters.get("goAssociationsOntologies");
                String branch = ontology == null ? null
                        : GO_BRANCHES.get(ontology.replaceAll("[\\[\\]\"]", "").trim().toLowerCase(Locale.ROOT));
                yield branch == null ? "go_process" : branch;
            }
            case "pathway-enrichment" -> "pathway";
            case "word-enrichment" -> "word";
            default -> analysisName;
        };
    }

    /** The terms of a plugin result, in the site's order (by p-value). */
    static List<EnrichmentTerm> parse(String analysisName, JsonNode result) {
        boolean word = "word-enrichment".equals(analysisName);
        List<EnrichmentTerm> terms = new ArrayList<>();
        for (JsonNode row : result.path("resultData")) {
            String id = word ? text(row, "word") : first(row, "goId", "pathwayId", "word");
            String name = word ? text(row, "pathwayName") : first(row, "goTerm", "pathwayName");
            String resultGenes = text(row, "resultGenes");
            String odds = text(row, "oddsRatio");
            Double oddsRatio = number(odds);
            String oddsFlag = null;
            if (odds != null && isInfinite(odds)) {
                oddsRatio = null;
                oddsFlag = "infinite";
            } else if (oddsRatio == null) {
                oddsFlag = "undefined";
            }
            terms.add(new EnrichmentTerm(id, name == null ? id : name, count(resultGenes),
                    (int) orElse(number(text(row, "bgdGenes")), 0), orElse(number(text(row, "foldEnrich")), 0),
                    oddsRatio, orElse(number(text(row, "pValue")), 1), orElse(number(text(row, "benjamini")), 1),
                    orElse(number(text(row, "bonferroni")), 1), genes(resultGenes), oddsFlag, null, null, null));
        }
        return terms;
    }

    /** The count of a {@code resultGenes} cell: the link text, or the plain number. */
    static int count(String resultGenes) {
        if (resultGenes == null) {
            return 0;
        }
        Matcher link = LINK_COUNT.matcher(resultGenes);
        if (link.find()) {
            return Integer.parseInt(link.group(1));
        }
        Double plain = number(resultGenes);
        return plain == null ? 0 : plain.intValue();
    }

    /** The gene ids of a {@code resultGenes} link ({@code idList=a,b,c}); none for a plain count. */
    static List<String> genes(String resultGenes) {
        if (resultGenes == null) {
            return List.of();
        }
        Matcher ids = ID_LIST.matcher(resultGenes);
        if (!ids.find() || ids.group(1).isEmpty()) {
            return List.of();
        }
        String list = java.net.URLDecoder.decode(ids.group(1), java.nio.charset.StandardCharsets.UTF_8);
        return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static boolean isInfinite(String value) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        return v.equals("inf") || v.equals("+inf") || v.equals("infinity") || v.equals("+infinity");
    }

    /** A finite number of a string cell, or null. */
    private static Double number(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            double d = Double.parseDouble(value.trim());
            return Double.isFinite(d) ? d : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static double orElse(Double value, double fallback) {
        return value == null ? fallback : value;
    }

    private static String text(JsonNode row, String field) {
        JsonNode value = row.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static String first(JsonNode row, String... fields) {
        for (String field : fields) {
            String value = text(row, field);
            if (value != null) {
                return value;
            }
        }
        return null;
    }
}
