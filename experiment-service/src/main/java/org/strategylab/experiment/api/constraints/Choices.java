package org.strategylab.experiment.api.constraints;

/**
 * The values a field of a request may take, as {@code @Pattern} expressions with the refusal that
 * lists them (annotations need constants). The services act on the same names: a unit test holds
 * each list equal to what the service runs ({@code ChoicesTest}).
 */
public final class Choices {

    /** Enrichment analysis types: {@code enrichmentTypes}, {@code analysisType}. */
    public static final String ENRICHMENT_TYPES = "go_function|go_component|go_process|pathway|word";
    public static final String ENRICHMENT_TYPES_REFUSAL = "must be one of go_function, go_component, go_process, pathway, word";

    /** Step-analysis phases, in the order they run: {@code phases}, {@code stepAnalysisPhases}. */
    public static final String STEP_ANALYSIS_PHASES = "step_evaluation|operator_comparison|contribution|sensitivity";
    public static final String STEP_ANALYSIS_PHASES_REFUSAL =
            "must be one of step_evaluation, operator_comparison, contribution, sensitivity";

    /** The operators of a combine step (in a step tree, and a refine's {@code operator}). */
    public static final String OPERATORS = "INTERSECT|UNION|MINUS|RMINUS|LONLY|RONLY";
    public static final String OPERATORS_REFUSAL = "must be one of INTERSECT, UNION, MINUS, RMINUS, LONLY, RONLY";

    /** An experiment's {@code mode}. */
    public static final String MODES = "single|multi-step|import";
    public static final String MODES_REFUSAL = "must be one of single, multi-step, import";

    /** How control IDs are written into the controls search's parameter: {@code controlsValueFormat}. */
    public static final String VALUE_FORMATS = "newline|json_list|comma";
    public static final String VALUE_FORMATS_REFUSAL = "must be one of newline, json_list, comma";

    /** {@code sortDirection}, in any case. */
    public static final String SORT_DIRECTIONS = "(?i)asc|desc";
    public static final String SORT_DIRECTIONS_REFUSAL = "must be ASC or DESC";

    /** A threshold sweep's {@code sweepType}. */
    public static final String SWEEP_TYPES = "numeric|categorical";
    public static final String SWEEP_TYPES_REFUSAL = "must be 'numeric' or 'categorical'";

    /** A strategy discovery's {@code objective} (evaluation-core's {@code DiscoveryObjective}). */
    public static final String DISCOVERY_OBJECTIVES = "f1|mcc|precision|recall_at_precision";
    public static final String DISCOVERY_OBJECTIVES_REFUSAL = "must be one of f1, mcc, precision, recall_at_precision";

    /** A parameter optimisation's {@code method}, as evaluation-core reads it (trimmed, any case). */
    public static final String OPTIMIZATION_METHODS = "(?i)\\s*(adaptive|bayesian|random|grid)\\s*";
    public static final String OPTIMIZATION_METHODS_REFUSAL = "must be adaptive (or bayesian), random or grid";

    /** A gene-set algebra's {@code op}. */
    public static final String GENE_SET_OPS = "union|intersection|difference";
    public static final String GENE_SET_OPS_REFUSAL = "must be one of union, intersection, difference";

    /** Which genes of an experiment's result {@code POST …/{id}/gene-set} saves: {@code which}. */
    public static final String RESULT_GENE_SETS = "result|truePositives|falsePositives|falseNegatives|trueNegatives";
    public static final String RESULT_GENE_SETS_REFUSAL =
            "must be one of result, truePositives, falsePositives, falseNegatives, trueNegatives";

    /** The trials an optimisation may run: {@code budget}, {@code optimizationBudget}, {@code treeOptimizationBudget}. */
    public static final int MIN_BUDGET = 5;
    public static final int MAX_BUDGET = 200;

    private Choices() {
    }
}
