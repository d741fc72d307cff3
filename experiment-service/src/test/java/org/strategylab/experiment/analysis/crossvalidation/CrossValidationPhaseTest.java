package org.strategylab.experiment.analysis.crossvalidation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.CrossValidationResult;
import org.strategylab.evaluation.model.FoldMetrics;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.evaluation.metrics.ClassificationMetrics;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.ControlSettings;
import org.strategylab.experiment.api.CrossValidationSettings;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.SearchTarget;
import org.strategylab.experiment.run.ProgressEvents;
import org.strategylab.experiment.run.RunContext;
import org.strategylab.experiment.run.RunState;

/**
 * The cross-validation phase as a unit, on a classified result: every control is held out once, and
 * the folds' hits add up to the result's (a fold's hits are its controls among the result's true and
 * false positives). No Quarkus, no site.
 */
class CrossValidationPhaseTest {

    private static final List<String> POSITIVES = List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100300",
            "PF3D7_0100400", "PF3D7_0100500", "PF3D7_0100600");
    private static final List<String> NEGATIVES = List.of("PF3D7_0900100", "PF3D7_0900200", "PF3D7_0900300",
            "PF3D7_0900400");

    @Test
    void everyControlIsHeldOutOnceAndTheFoldsHitsAddUpToTheResults() {
        ExperimentSettings settings = new ExperimentSettings("cv", null, "plasmodb", "transcript",
                new SearchTarget(ExperimentSettings.SINGLE, "GenesByGoTerm", null, null, null),
                new ControlSettings(POSITIVES, NEGATIVES, null, null, null, null), null, null, null,
                new CrossValidationSettings(true, 3), null);
        UUID id = UUID.randomUUID();
        RunContext context = new RunContext(id, "alice", "token", settings, null, ControlSets.of(POSITIVES, NEGATIVES),
                ProgressEvents.none(id));
        // the result holds four positives and one negative of the controls, among 200 genes
        List<String> hits = List.of("PF3D7_0100100", "PF3D7_0100200", "PF3D7_0100400", "PF3D7_0100600");
        ExperimentResults classified = new ExperimentResults(ClassificationMetrics.fromCounts(4, 6, 1, 4, 200),
                hits.stream().map(GeneInfo::of).toList(),
                List.of(GeneInfo.of("PF3D7_0100300"), GeneInfo.of("PF3D7_0100500")),
                List.of(GeneInfo.of("PF3D7_0900300")),
                List.of(GeneInfo.of("PF3D7_0900100"), GeneInfo.of("PF3D7_0900200"), GeneInfo.of("PF3D7_0900400")),
                null, null, 200L, null);
        RunState state = RunState.EMPTY.withResults(classified);

        CrossValidationPhase phase = new CrossValidationPhase();
        assertFalse(phase.appliesTo(new ExperimentSettings("x", null, "plasmodb", "transcript",
                new SearchTarget(ExperimentSettings.SINGLE, "GenesByGoTerm", null, null, null),
                new ControlSettings(POSITIVES, NEGATIVES, null, null, null, null), null, null, null, null, null)));
        CrossValidationResult cv = phase.run(context, state).await().atMost(Duration.ofSeconds(10))
                .results().crossValidation();
        assertEquals(3, cv.k());
        assertEquals(3, cv.folds().size());
        int positivesHeldOut = 0;
        int negativesHeldOut = 0;
        int truePositives = 0;
        int falsePositives = 0;
        for (FoldMetrics fold : cv.folds()) {
            positivesHeldOut += fold.metrics().totalPositives();
            negativesHeldOut += fold.metrics().totalNegatives();
            truePositives += fold.metrics().confusionMatrix().truePositives();
            falsePositives += fold.metrics().confusionMatrix().falsePositives();
            assertEquals(200, fold.metrics().totalResults());
        }
        assertEquals(6, positivesHeldOut);
        assertEquals(4, negativesHeldOut);
        assertEquals(4, truePositives);
        assertEquals(1, falsePositives);
    }
}
