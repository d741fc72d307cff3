package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import org.strategylab.evaluation.model.ConfidenceInterval;
import org.strategylab.evaluation.model.ExperimentMetrics;
import org.strategylab.evaluation.model.SampleWarning;

/**
 * What a strategy discovery found: the {@code result} of {@code GET /api/v1/strategy-discovery/{id}}
 * and of its {@code discovery_complete} event.
 *
 * @param budgetExhausted     whether the budget stopped it; the result is then the best it had
 * @param stopReason          why it stopped early ({@code budget}), else null
 * @param siteCalls           the site calls it made (upstream-gateway calls; each one counted)
 * @param profile             what distinguishes the positives
 * @param candidates          the candidate searches counted against the controls, as the strategies' steps index them
 * @param failedCandidates    candidates the site refused or failed to count (left out)
 * @param tuning              whether the numeric parameters of the best candidates were tuned, and why not
 * @param crossValidatedScore the objective the whole procedure reaches on controls it did not see (null without a strategy)
 * @param roundScores         each cross-validation round's held-out score
 * @param overfittingGap      the recommended strategy's score on every control minus the cross-validated score
 * @param overfittingLevel    {@code low}, {@code moderate} or {@code high}
 * @param strategies          the proposals, the recommended one first
 * @param warnings            caveats of a small sample of controls
 * @param message             one sentence for a person
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DiscoveryOutcome(String discoveryId, String siteId, String recordType, String objective,
                               Double precisionFloor, int maxSteps, int budget, int siteCalls, boolean budgetExhausted,
                               String stopReason, int positives, int negatives, Profile profile,
                               List<Candidate> candidates, List<FailedCandidate> failedCandidates, Tuning tuning,
                               Double crossValidatedScore, List<Double> roundScores, Double overfittingGap,
                               String overfittingLevel, Integer folds, long seed, int combinationsScored,
                               List<Strategy> strategies, List<SampleWarning> warnings, double elapsedSeconds,
                               String message) {

    /**
     * What distinguishes the positives from the negatives.
     *
     * @param organisms    the controls' organisms
     * @param productWords words of their product descriptions
     * @param geneTypes    their gene types (of the records read)
     * @param goTerms      their GO terms (of the records read)
     * @param recordsRead  the control records read one by one for gene types and GO terms
     * @param summary      the distinguishing features in words, most distinguishing first
     * @param notes        what the profile could not read, and why
     */
    public record Profile(List<Feature> organisms, List<Feature> productWords, List<Feature> geneTypes,
                          List<Feature> goTerms, int recordsRead, List<String> summary, List<String> notes) {
    }

    /**
     * One value the controls have.
     *
     * @param value           the value as a search takes it (an organism's name, a GO id, a word)
     * @param label           how a person reads it
     * @param positives       the positives that have it
     * @param positivesOf     the positives looked at
     * @param negatives       the negatives that have it
     * @param negativesOf     the negatives looked at
     * @param distinctiveness the share of positives with it minus the share of negatives
     */
    public record Feature(String value, String label, int positives, int positivesOf, int negatives, int negativesOf,
                          double distinctiveness) {
    }

    /**
     * A candidate search, counted on the site.
     *
     * @param step          its index (a strategy's {@code contributions[].step})
     * @param searchName    the site's search
     * @param parameters    its parameter values (those left out take the site's defaults)
     * @param label         how a person reads it
     * @param source        why it was tried ({@code catalogue: kinase}, {@code organism}, {@code GO term})
     * @param positiveHits  the positives in its result
     * @param negativeHits  the negatives in its result
     * @param resultSize    its result on the site, in genes
     * @param score         the objective of it alone on every control
     * @param tuned         whether its parameters come from the tuning phase
     */
    public record Candidate(int step, String searchName, Map<String, Object> parameters, String label, String source,
                            int positiveHits, int negativeHits, long resultSize, double score, boolean tuned) {
    }

    /** A candidate left out: the site refused or failed to count it. */
    public record FailedCandidate(String searchName, Map<String, Object> parameters, String label, String error) {
    }

    /**
     * The tuning phase.
     *
     * @param performed whether any candidate was tuned
     * @param reason    why not, or what was tuned
     * @param trials    the site calls the tuning spent
     */
    public record Tuning(boolean performed, String reason, int trials) {
    }

    /**
     * One proposed strategy.
     *
     * @param rank          1 for the recommended one
     * @param chosen        whether it is the one discovery recommends (the fewest steps within one standard error of the best)
     * @param description   the strategy in words
     * @param stepTree      the strategy as the step tree {@code POST /api/v1/experiments} takes ({@code stepTree})
     * @param steps         how many searches it combines
     * @param score         the objective on every control
     * @param foldMean      the objective's mean over the held-out folds
     * @param foldStdDev    their sample standard deviation
     * @param metrics       the metrics over every control (the experiment's metrics shape)
     * @param resultSize    its result on the site in genes; null when the budget left none to count it
     * @param contributions what each step adds to the score (empty for one step)
     * @param bootstrap     percentile intervals of the metrics over resampled controls (200 replicates)
     */
    public record Strategy(int rank, boolean chosen, String description, JsonNode stepTree, int steps, double score,
                           double foldMean, double foldStdDev, ExperimentMetrics metrics, Long resultSize,
                           List<Contribution> contributions, Map<String, ConfidenceInterval> bootstrap) {
    }

    /**
     * What one step adds.
     *
     * @param step         the candidate's index
     * @param label        the candidate in words
     * @param scoreWithout the objective of the strategy without it
     * @param contribution the strategy's score minus that
     */
    public record Contribution(int step, String label, double scoreWithout, double contribution) {
    }
}
