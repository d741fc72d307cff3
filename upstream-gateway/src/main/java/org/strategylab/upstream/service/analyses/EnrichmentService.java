package org.strategylab.upstream.service.analyses;

import org.strategylab.upstream.service.catalog.ParamEncoder;
import org.strategylab.upstream.service.steps.StepService;
import org.strategylab.upstream.service.steps.UpstreamAnswers;
import org.strategylab.upstream.service.strategies.TemporaryStrategies;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.AnalysisOutcome;
import org.strategylab.upstream.api.StepTreeSpec;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkAnalysisClient;
import org.strategylab.upstream.client.WdkJson;
import org.strategylab.upstream.client.WdkStepClient;
import org.strategylab.upstream.config.UpstreamConfig;

/**
 * Runs a step analysis (GO, pathway or word enrichment; spec rule 4.5.10) on a persisted step, or
 * on a new search or tree inside a helper strategy that is deleted afterwards. WDK fills no
 * defaults when an instance is created (upstream-wdk.md §3.7), so the form's defaults are merged
 * under the caller's values, and vocabulary values are sent as JSON arrays.
 */
@ApplicationScoped
public class EnrichmentService {

    @Inject
    TemporaryStrategies temporary;

    @Inject
    StepService stepService;

    @Inject
    WdkAnalysisClient analyses;

    @Inject
    WdkStepClient steps;

    @Inject
    AnalysisRunner runner;

    @Inject
    UpstreamConfig config;

    /** Analyses a persisted step of the caller. */
    public Uni<AnalysisOutcome> onStep(UpstreamSession session, long stepId, String analysisName,
                                       Map<String, Object> parameters, Integer maxWaitSeconds) {
        return stepService.runnableStep(session, stepId)
                .chain(step -> analyse(session, stepId, analysisName, parameters, maxWait(maxWaitSeconds)));
    }

    /** Analyses a new search or tree in a helper strategy. */
    public Uni<AnalysisOutcome> onTree(UpstreamSession session, String recordType, StepTreeSpec tree,
                                       String analysisName, Map<String, Object> parameters, Integer maxWaitSeconds) {
        Duration wait = maxWait(maxWaitSeconds);
        return temporary.run(session, recordType, tree, "/tree", "enrichment " + analysisName,
                helper -> analyse(session, helper.root().stepId(), analysisName, parameters, wait));
    }

    private Uni<AnalysisOutcome> analyse(UpstreamSession session, long stepId, String analysisName,
                                         Map<String, Object> parameters, Duration maxWait) {
        // warm the step's answer first, as PathFinder does: an analysis of an uncomputed step fails more often
        return steps.report(session, stepId, WdkJson.reportConfig(0, 0, List.of(), null, null), null)
                // the step was just read or made: a 404 below it is the site's failure (502)
                .map(response -> response.requireOk())
                .chain(() -> analyses.form(session, stepId, analysisName))
                .map(response -> {
                    if (response.status() == 404) {
                        throw ProblemException.invalid("Unknown analysis", List.of(new FieldError("/analysisName",
                                "step " + stepId + " offers no analysis '" + analysisName + "'")));
                    }
                    return merged(response.okJson().path("searchData"), parameters);
                })
                .chain(values -> analyses.create(session, stepId, analysisName, values)
                        .map(response -> {
                            if (response.status() == 400 || response.status() == 422) {
                                throw UpstreamAnswers.rejected("The site refused these analysis values", response,
                                        "/parameters");
                            }
                            return response.okJson().path("analysisId").asLong();
                        })
                        .chain(analysisId -> runner.run(session, stepId, analysisId, maxWait)
                                .map(done -> new AnalysisOutcome(analysisName,
                                        EnrichmentTerms.analysisType(analysisName, values), stepId, analysisId,
                                        done.reruns(), values, EnrichmentTerms.parse(analysisName, done.result())))));
    }

    /** The form's defaults overlaid by the caller's values; vocabulary values as JSON arrays. */
    static Map<String, String> merged(JsonNode form, Map<String, Object> given) {
        Map<String, JsonNode> params = ParamEncoder.params(form);
        List<FieldError> errors = new ArrayList<>();
        if (given != null) {
            given.keySet().stream().filter(name -> !params.containsKey(name)).sorted().forEach(name -> errors.add(
                    new FieldError("/parameters/" + name, "'" + name + "' is not a parameter of analysis "
                            + form.path("name").asText())));
        }
        Map<String, String> values = new LinkedHashMap<>();
        params.forEach((name, param) -> {
            Object value = given == null ? null : given.get(name);
            String initial = param.path("initialDisplayValue").isNull() ? null : param.path("initialDisplayValue").asText(null);
            Object chosen = value != null ? value : initial;
            if (chosen == null) {
                return;
            }
            try {
                values.put(name, ParamEncoder.isVocabulary(param) ? ParamEncoder.asJsonArray(param, chosen)
                        : ParamEncoder.encodeOne(param, chosen));
            } catch (IllegalArgumentException e) {
                errors.add(new FieldError("/parameters/" + name, e.getMessage()));
            }
        });
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("These analysis values are not valid", errors);
        }
        return values;
    }

    private Duration maxWait(Integer seconds) {
        Duration configured = config.analysis().maxWait();
        if (seconds == null) {
            return configured;
        }
        Duration asked = Duration.ofSeconds(seconds);
        return asked.compareTo(configured) < 0 ? asked : configured;
    }
}
