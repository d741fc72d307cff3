package org.strategylab.simulator.catalog;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.strategylab.simulator.data.ExpressionExperiment;
import org.strategylab.simulator.data.Gene;
import org.strategylab.simulator.data.SiteData;

/**
 * The {@code GenesByRNASeq<dataset>} fold-change search: compares a reference and a comparison group
 * of samples (each reduced by average, minimum or maximum) after raising values to a floor, and keeps
 * genes whose fold change reaches the threshold. Thresholds change results smoothly because the
 * synthetic profiles are continuous.
 */
final class RnaSeqSearch {

    private static final String UP = "up-regulated";
    private static final String DOWN = "down-regulated";
    private static final String EITHER = "up or down regulated";
    private static final int[] FLOOR_PERCENTILES = {5, 10, 20, 30, 40, 50};

    private RnaSeqSearch() {
    }

    static SearchSpec of(ExpressionExperiment experiment) {
        String datasetTerm = "https://veupathdb.org/a/app/record/dataset/DS_"
                + Integer.toHexString(experiment.datasetName().hashCode() & 0x7fffffff);
        List<ParamSpec> params = List.of(
                VocabularyParam.singlePick(ParamBasics.hidden("dataset_url", "Dataset"), List.of(datasetTerm), datasetTerm),
                new VocabularyParam(ParamBasics.visible("profileset_generic", "Experiment", ""), false,
                        VocabularyParam.DisplayType.SELECT, 1, 1, c -> Vocabulary.flat(experiment.profileSets()),
                        VocabularyParam::first),
                VocabularyParam.singlePick(ParamBasics.visible("regulated_dir", "Direction", ""), List.of(UP, DOWN, EITHER), EITHER),
                samples("samples_fc_ref_generic", "Reference Samples", experiment),
                aggregation("min_max_avg_ref", "Operation Applied to Reference Samples", true),
                samples("samples_fc_comp_generic", "Comparison Samples", experiment),
                aggregation("min_max_avg_comp", "Operation Applied to Comparison Samples", false),
                StringParam.number(ParamBasics.visible("fold_change", "Fold change >=", "A non-negative number"), "2", true),
                new VocabularyParam(ParamBasics.visible("hard_floor", "Floor", "Values below the floor are raised to it")
                        .dependingOn("profileset_generic"), false, VocabularyParam.DisplayType.SELECT, 1, 1,
                        c -> floors(c, experiment), v -> v.isEmpty() ? List.of() : List.of(v.terms().get(1))),
                VocabularyParam.singlePick(ParamBasics.visible("protein_coding_only", "Protein coding only", ""),
                        List.of("yes", "no"), "yes"));
        List<AttributeSpec> dynamic = List.of(
                new AttributeSpec("fold_change", "Fold Change", "number", true, (r, d) -> null),
                new AttributeSpec("chosen_ref_value", "Reference Value", "number", true, (r, d) -> null),
                new AttributeSpec("chosen_comp_value", "Comparison Value", "number", true, (r, d) -> null));
        List<String> defaults = List.of("primary_key", "organism", "gene_location_text", "gene_product", "fold_change",
                "chosen_ref_value", "chosen_comp_value");
        return new SearchSpec(experiment.searchName(), "GeneQuestions." + experiment.searchName(),
                experiment.displayName() + " - Fold Change", "RNA-Seq Fold Change",
                "Find genes by fold change between two groups of samples of " + experiment.displayName() + ".",
                "transcript", params, defaults, dynamic, List.of(), true, run -> evaluate(run, experiment));
    }

    private static VocabularyParam samples(String name, String displayName, ExpressionExperiment experiment) {
        return new VocabularyParam(ParamBasics.visible(name, displayName, "").dependingOn("profileset_generic"), true,
                VocabularyParam.DisplayType.CHECK_BOX, 1, -1, c -> Vocabulary.flat(experiment.samples()), VocabularyParam::none);
    }

    private static VocabularyParam aggregation(String name, String displayName, boolean reference) {
        return new VocabularyParam(ParamBasics.visible(name, displayName, "").dependingOn("regulated_dir"), false,
                VocabularyParam.DisplayType.SELECT, 1, 1, c -> {
                    String direction = c.value("regulated_dir") == null ? EITHER : c.value("regulated_dir");
                    List<VocabularyNode> terms = new ArrayList<>();
                    terms.add(VocabularyNode.leaf("average1", "average"));
                    boolean up = direction.equals(UP);
                    boolean down = direction.equals(DOWN);
                    if (up || down) {
                        // the stricter choice: highest reference vs lowest comparison when looking for up-regulation
                        String extreme = (up == reference) ? "maximum" : "minimum";
                        terms.add(VocabularyNode.leaf(extreme + "2", extreme));
                    }
                    return new Vocabulary(terms);
                }, VocabularyParam::first);
    }

    private static Vocabulary floors(ParamContext context, ExpressionExperiment experiment) {
        double scale = scaleOf(context.value("profileset_generic"), experiment);
        List<Float> values = new ArrayList<>();
        for (Gene gene : context.data().genes()) {
            if (gene.expression() != null && gene.organism().equals(experiment.organism())) {
                for (float v : gene.expression()) {
                    values.add(v);
                }
            }
        }
        float[] sorted = new float[values.size()];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = values.get(i);
        }
        Arrays.sort(sorted);
        List<VocabularyNode> terms = new ArrayList<>();
        for (int p : FLOOR_PERCENTILES) {
            double value = sorted.length == 0 ? 0 : sorted[Math.min(sorted.length - 1, sorted.length * p / 100)] * scale;
            String term = String.format(Locale.ROOT, "%.10f", value);
            terms.add(VocabularyNode.leaf(term, String.format(Locale.ROOT, "%.2f (~%dth percentile)", value, p)));
        }
        return new Vocabulary(terms);
    }

    private static double scaleOf(String profileSet, ExpressionExperiment experiment) {
        return profileSet != null && profileSet.equals(experiment.profileSets().get(1)) ? ExpressionExperiment.ANTISENSE_FRACTION : 1.0;
    }

    private static Answer evaluate(SearchEvaluator.Run run, ExpressionExperiment experiment) {
        SiteData data = run.data();
        double scale = scaleOf(run.value("profileset_generic"), experiment);
        int[] ref = indexes(VocabularyParam.terms(run.value("samples_fc_ref_generic")), experiment);
        int[] comp = indexes(VocabularyParam.terms(run.value("samples_fc_comp_generic")), experiment);
        String refOp = run.value("min_max_avg_ref");
        String compOp = run.value("min_max_avg_comp");
        double threshold = Double.parseDouble(run.value("fold_change"));
        double floor = Double.parseDouble(run.value("hard_floor"));
        String direction = run.value("regulated_dir");
        boolean codingOnly = "yes".equals(run.value("protein_coding_only"));
        BitSet genes = new BitSet();
        Map<Integer, double[]> values = new HashMap<>();
        BitSet organismGenes = data.genesOf(experiment.organism());
        for (int g = organismGenes.nextSetBit(0); g >= 0; g = organismGenes.nextSetBit(g + 1)) {
            Gene gene = data.gene(g);
            if (gene.expression() == null || (codingOnly && !gene.proteinCoding())) {
                continue;
            }
            double r = reduce(gene.expression(), ref, refOp, scale, floor);
            double c = reduce(gene.expression(), comp, compOp, scale, floor);
            double up = c / r;
            double down = r / c;
            boolean match = switch (direction) {
                case UP -> up >= threshold;
                case DOWN -> down >= threshold;
                default -> up >= threshold || down >= threshold;
            };
            if (match) {
                genes.set(g);
                values.put(g, new double[] {up >= 1 ? up : -down, r, c});
            }
        }
        BitSet transcripts = data.transcriptsOfGenes(genes);
        Map<Integer, String> fold = new HashMap<>();
        Map<Integer, String> refValues = new HashMap<>();
        Map<Integer, String> compValues = new HashMap<>();
        for (int t = transcripts.nextSetBit(0); t >= 0; t = transcripts.nextSetBit(t + 1)) {
            double[] v = values.get(data.geneOf(t));
            fold.put(t, String.format(Locale.ROOT, "%.2f", v[0]));
            refValues.put(t, String.format(Locale.ROOT, "%.2f", v[1]));
            compValues.put(t, String.format(Locale.ROOT, "%.2f", v[2]));
        }
        return new Answer(transcripts, Map.of("fold_change", fold, "chosen_ref_value", refValues, "chosen_comp_value", compValues));
    }

    private static int[] indexes(List<String> samples, ExpressionExperiment experiment) {
        return samples.stream().mapToInt(s -> experiment.samples().indexOf(s)).filter(i -> i >= 0).toArray();
    }

    private static double reduce(float[] expression, int[] samples, String operation, double scale, double floor) {
        double result = operation.startsWith("maximum") ? Double.NEGATIVE_INFINITY
                : operation.startsWith("minimum") ? Double.POSITIVE_INFINITY : 0;
        for (int s : samples) {
            double v = Math.max(expression[s] * scale, floor);
            if (operation.startsWith("maximum")) {
                result = Math.max(result, v);
            } else if (operation.startsWith("minimum")) {
                result = Math.min(result, v);
            } else {
                result += v / samples.length;
            }
        }
        return Math.max(result, Math.max(floor, 1e-9));
    }
}
