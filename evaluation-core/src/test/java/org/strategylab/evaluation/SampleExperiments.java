package org.strategylab.evaluation;

import org.strategylab.evaluation.bootstrap.BootstrapRequest;
import org.strategylab.evaluation.bootstrap.RobustnessBootstrap;
import org.strategylab.evaluation.cv.CrossValidator;
import org.strategylab.evaluation.cv.GeneIdEvaluator;
import org.strategylab.evaluation.enrichment.TermCounts;
import org.strategylab.evaluation.enrichment.TermEnrichment;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.metrics.GeneIdClassifier;
import org.strategylab.evaluation.model.Experiment;
import org.strategylab.evaluation.model.ExperimentConfig;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.evaluation.model.ParameterSensitivity;
import org.strategylab.evaluation.model.ParameterSweepPoint;
import org.strategylab.evaluation.model.StepAnalysisResult;
import org.strategylab.evaluation.rank.RankMetricsCalculator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;


/** A fully populated experiment, built by the library itself, whose strings carry markup. */
public final class SampleExperiments {
    private SampleExperiments() {
    }

    public static final String EVIL = "<script>alert('x')</script>&\"";

    public static Experiment sample(int genes) {
        List<String> p = new ArrayList<>();
        List<String> n = new ArrayList<>();
        List<String> ordered = new ArrayList<>();
        for (int i = 0; i < genes; i++) {
            (i % 3 == 0 ? p : n).add("g" + i);
            ordered.add("g" + (i * 7 % genes));
        }
        ControlSets controls = ControlSets.of(p, n);
        var metrics = GeneIdClassifier.metrics(ordered.subList(0, genes / 2), controls);
        var cv = CrossValidator.run(p, n, 5, 42, new GeneIdEvaluator(ordered.subList(0, genes / 2)), metrics, null);
        var boot = RobustnessBootstrap.run(new BootstrapRequest(ordered, null, p, n, 50, 42L, null, null, null));
        var rank = RankMetricsCalculator.compute(ordered, controls, null);
        var enrichment = TermEnrichment.analyse("go_process", 100, 1000,
                List.of(new TermCounts("GO:1", EVIL, 30, 60), new TermCounts("GO:2", "plain", 5, 50)));
        var sweep = new ParameterSensitivity("leaf", "fold" + EVIL, 2, List.of(new ParameterSweepPoint(1, 1, 1, 1, 0.5, 0.1, 0.4),
                new ParameterSweepPoint(2, 1, 1, 1, 0.5, 0.1, 0.6)), 2, "Keep " + EVIL);
        var config = new ExperimentConfig(EVIL, "plasmodb", "transcript", "single", "GenesByFold", Map.of("fold", "2"),
                null, p, n, null, null, null, null, null, null, null);
        return new Experiment("exp-1", config, null, "completed", metrics, cv, List.of(enrichment),
                List.of(new GeneInfo("g0", EVIL, "P. falciparum", null)), List.of(), List.of(), List.of(), null, 12.5,
                "2026-01-01T00:00:00Z", null, null, null, null, false, null, null, null, EVIL,
                new StepAnalysisResult(null, null, null, List.of(sweep)), rank, boot, null, "plasmodb", null);
    }

}
