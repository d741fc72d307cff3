package org.strategylab.evaluation.model;

import java.util.Map;

/** Readable names of the enrichment analysis types, the one mapping the report and the pages show. */
public final class AnalysisTypes {
    private static final Map<String, String> LABELS = Map.of(
            "go_process", "GO biological process",
            "go_function", "GO molecular function",
            "go_component", "GO cellular component",
            "pathway", "Metabolic pathway",
            "word", "Product description words");

    private AnalysisTypes() {
    }

    /**
     * The readable name of an analysis type.
     *
     * @param analysisType the wire name, e.g. {@code go_process}
     * @return its readable name, or the wire name itself when it is not one of the known types
     */
    public static String label(String analysisType) {
        return analysisType == null ? "" : LABELS.getOrDefault(analysisType, analysisType);
    }

    /** Every known wire name with its readable name. */
    public static Map<String, String> all() {
        return LABELS;
    }
}
