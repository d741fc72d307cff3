package org.strategylab.evaluation.report;

import java.util.List;

/**
 * What the report template ({@code report.html}) shows, computed by {@link HtmlReportRenderer}: texts as given (the
 * template escapes them), numbers already formatted, charts as SVG. A section that the experiment lacks is null; a
 * list that is empty leaves its part of the section out.
 */
record ReportView(String id, String title, String meta, String error,
                  List<KeyValue> configuration, Rank rank, Classification classification,
                  CrossValidation crossValidation, Robustness robustness, StepAnalysis stepAnalysis,
                  TreeOptimization treeOptimization, ParameterOptimization parameterOptimization,
                  List<Enrichment> enrichment, GeneLists geneLists) {

    /** The Content-Security-Policy: nothing but the one style sheet, named by its hash. */
    public String csp() {
        return ReportTemplates.CSP;
    }

    /** The style sheet ({@code report.css}). */
    public String css() {
        return ReportTemplates.CSS;
    }

    /** A line break, which the template's own line breaks are not. */
    public String newline() {
        return "\n";
    }

    /** A row of a two-column table: a label and its value. */
    record KeyValue(String key, String value) {
    }

    /** A chart and its caption. */
    record Figure(String svg, String caption) {
        /** Null (no figure) when the chart was not drawn for want of data. */
        static Figure of(String svg, String caption) {
            return svg.isEmpty() ? null : new Figure(svg, caption);
        }
    }

    /** {@code ranked}: what was ranked, in genes where the results are genes ("220 genes ranked (…)"). */
    record Rank(At50 at50, List<RankRow> rows, String ranked, int positivesInList, Figure precisionRecall,
                Figure recallByListSize) {
    }

    /** The summary cards, shown when K = 50 was computed. */
    record At50(String precision, String recall, String enrichment, String averagePrecision) {
    }

    record RankRow(int k, String precision, String recall, String enrichment) {
    }

    /** {@code resultSize}: in genes, the transcripts beside them where they differ ("220 genes (235 transcripts)"). */
    record Classification(List<KeyValue> rows, String resultSize, int totalPositives, int totalNegatives,
                          boolean someUndefined, Figure confusionMatrix) {
    }

    /** {@code meanAndSd} is null when the result carries no mean. */
    record CrossValidation(int k, String overfittingLevel, String overfittingScore, List<Fold> folds,
                           List<String> meanAndSd, Figure f1PerFold) {
    }

    record Fold(int number, int positives, int negatives, List<String> metrics) {
    }

    record Robustness(int iterations, long seed, String topKStability, List<IntervalRow> rows,
                      boolean anyEstimateOutside, Figure intervals, List<NegativeSet> negativeSets) {
    }

    record IntervalRow(String metric, String estimate, String lower, String upper, boolean estimateOutside,
                       String sd) {
    }

    /** {@code metrics} (specificity, precision, F1) is null when the variant carries none. */
    record NegativeSet(String label, int negatives, List<String> metrics) {
    }

    record StepAnalysis(List<Step> steps, List<Operators> operators, List<Contribution> contributions,
                        List<Figure> sweeps) {
    }

    record Step(String name, String results, String recall, String falsePositiveRate, String truePositivesMoved,
                String falsePositivesMoved) {
    }

    record Operators(String combineStep, List<Variant> variants, String recommendation) {
    }

    record Variant(String operator, boolean current, String recall, String falsePositiveRate, String f1,
                   int results) {
    }

    record Contribution(String step, String recallDelta, String falsePositiveRateDelta, String f1Delta,
                        String verdict, String narrative) {
    }

    record TreeOptimization(String objective, TreeBest best, Trials trials) {
    }

    record TreeBest(int trialNumber, String score, int listSize, List<KeyValue> parameters) {
    }

    record ParameterOptimization(String objective, int totalTrials, String status, String stopReason,
                                 ParameterBest best, List<KeyValue> sensitivity, Trials trials) {
    }

    record ParameterBest(int trialNumber, String score, String recall, String falsePositiveRate, String resultSize,
                         List<KeyValue> parameters) {
    }

    /** The trials of an optimisation ({@code trials.html}): a chart of score by trial and a table. */
    record Trials(Figure chart, String objective, List<Trial> rows) {
    }

    record Trial(int number, boolean best, String parameters, String score, String size) {
    }

    /** {@code error} set: the analysis failed and only the error is shown. */
    record Enrichment(String label, String error, String counts, List<Term> terms, Figure topTerms) {
    }

    record Term(String name, String id, int genes, String fold, String pValue, String fdr) {
    }

    record GeneLists(String resultsCsvUrl, List<GeneList> lists) {
    }

    /** {@code cut}: more genes than are shown. */
    record GeneList(String title, int total, List<Gene> shown, boolean cut) {
    }

    record Gene(String id, String name, String organism, String product) {
    }
}
