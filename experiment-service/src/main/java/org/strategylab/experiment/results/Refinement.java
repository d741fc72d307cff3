package org.strategylab.experiment.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.experiment.api.ExperimentSettings;
import org.strategylab.experiment.api.RefineRequest;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.persistence.ExperimentRepository;
import org.strategylab.experiment.run.UpstreamEvaluation;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.experiments.ExperimentVersions;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.experiments.StepTreeReader;
import org.strategylab.experiment.rest.UpstreamFailureMapper;

/**
 * Refines an experiment's result: a search combined with the current result, or a transform of it,
 * makes the experiment's next version (issue 38 item 4). The new version gets a strategy of its own on
 * the site (the current tree under the new root), records its tree (it is a tree experiment from then
 * on) and says its figures are stale until it is re-evaluated; the version it replaces is kept
 * unchanged, its strategy on the site untouched, so that it stays readable and an undo
 * ({@link ExperimentVersions}) can put it back.
 */
@ApplicationScoped
public class Refinement {

    /** The search that turns an uploaded ID list (a dataset) into a step. */
    static final String ID_LIST_SEARCH = "GeneByLocusTag";

    @Inject
    ExperimentService experiments;

    @Inject
    ExperimentRepository repository;

    @Inject
    UpstreamGateway upstream;

    public Uni<JsonNode> refine(String callerId, String token, String id, RefineRequest request) {
        return experiments.owned(callerId, id).chain(row -> {
            // a result on the site to refine, else 409 NO_UPSTREAM_STEP
            ResultBrowser.step(row);
            if (row.upstreamStrategyId == null) {
                throw ProblemException.conflict("NO_UPSTREAM_STEP", "The experiment has no strategy on the site to refine");
            }
            if (ExperimentRepository.PENDING.equals(row.status) || ExperimentRepository.RUNNING.equals(row.status)) {
                throw ProblemException.conflict("EXPERIMENT_RUNNING", "The experiment is still running; refine it once it has ended");
            }
            if (request.version() != null && request.version() != row.version) {
                throw ProblemException.conflict("VERSION_CHANGED", "The experiment is at version " + row.version
                        + ", not " + request.version() + ": it changed meanwhile; read it again");
            }
            ExperimentSettings settings = ExperimentViews.settings(row);
            boolean combine = "combine".equals(request.action());
            String search = combine ? request.searchName() : request.transformName();
            String operator = request.operator() == null ? "INTERSECT" : request.operator().toUpperCase(Locale.ROOT);
            List<FieldError> errors = new ArrayList<>();
            if (search == null || search.isBlank()) {
                errors.add(new FieldError(combine ? "/searchName" : "/transformName", "name the search to "
                        + (combine ? "combine with" : "transform") + " the result"));
            }
            // an operator, when given, is one of StepTreeReader.OPERATORS: the request's constraint
            if (!errors.isEmpty()) {
                throw ProblemException.invalid("The refinement has " + errors.size() + " invalid field(s)", errors);
            }
            Map<String, Object> parameters = request.parameters() == null ? Map.of() : request.parameters();
            ObjectNode added = EvaluationJson.mapper().createObjectNode().put("searchName", search);
            added.set("parameters", EvaluationJson.mapper().valueToTree(parameters));
            JsonNode current = UpstreamEvaluation.tree(settings);
            ObjectNode asSpec = node(combine, operator, added, current);
            // the site's public validation runs in its guest session, where the caller's uploaded ID
            // lists do not exist: an ID-list search is checked when the new version's strategy is made,
            // as the caller
            boolean idList = ID_LIST_SEARCH.equals(search);
            String searchField = combine ? "/searchName" : "/transformName";
            Uni<Void> check = combine && !idList
                    ? upstream.validate(token, row.siteId, settings.recordType(), search, parameters)
                            .onFailure(UpstreamFailure.class).transform(failure -> refused(failure, searchField, search, ""))
                    : Uni.createFrom().voidItem();
            // upstream-gateway names the added step where it sits in the new tree
            String addedAt = combine ? "/tree/secondaryInput" : "/tree";
            ObjectNode refinement = EvaluationJson.mapper().createObjectNode().put("action", request.action());
            if (combine) {
                refinement.put("searchName", search).put("operator", operator);
            } else {
                refinement.put("transformName", search);
            }
            refinement.set("parameters", added.get("parameters"));
            return check.chain(() -> upstream.createStrategy(token, row.siteId, settings.name(), settings.recordType(), asSpec)
                            .onFailure(UpstreamFailure.class).transform(failure -> refused(failure, searchField, search, addedAt)))
                    .chain(made -> repository.newVersion(row.id, callerId, row.version, changed -> {
                                changed.config = EvaluationJson.mapper().valueToTree(settings.withTree(asSpec));
                                changed.upstreamStrategyId = made.strategyId();
                                changed.upstreamStepId = made.rootStepId();
                                changed.metricsStale = true;
                                changed.refinement = refinement;
                            })
                            .map(updated -> updated.orElseThrow(() -> ExperimentService.notFound(id)))
                            // not recorded (changed or deleted meanwhile): its strategy goes again
                            .onFailure().call(() -> forget(token, row.siteId, made.strategyId())))
                    .map(saved -> (JsonNode) EvaluationJson.mapper().createObjectNode().put("success", true)
                            .put("newStepId", saved.upstreamStepId).put("metricsStale", true)
                            .put("experimentId", id).put("version", saved.version).put("previousVersion", saved.version - 1));
        });
    }

    /** Deletes a strategy nothing refers to (best effort: a leftover unsaved strategy is harmless). */
    private Uni<Void> forget(String token, String siteId, long strategyId) {
        return upstream.deleteStrategy(token, siteId, strategyId).onFailure().recoverWithNull();
    }

    /**
     * The site's refusal in the caller's terms: an unknown search is a 422 naming the field that named
     * it (as an experiment's body is answered), not the site's 404; what the site said of the added
     * step (at {@code addedAt}: its search, its values) is named as the caller wrote it
     * ({@code searchField}, {@code /parameters/<name>}); a failing site stays a 502/504.
     */
    private static ProblemException refused(Throwable failure, String searchField, String search, String addedAt) {
        if ("SEARCH_NOT_FOUND".equals(((UpstreamFailure) failure).code())) {
            return ProblemException.invalid("The site refused the refinement", List.of(new FieldError(searchField,
                    "the site has no search '" + search + "' for this record type")));
        }
        ProblemException problem = UpstreamFailureMapper.problem(failure);
        return new ProblemException(problem.status(), problem.code(), problem.title(), problem.getMessage(),
                problem.errors().stream().map(error -> new FieldError(caller(error.pointer(), searchField, addedAt),
                        error.message())).toList());
    }

    private static String caller(String pointer, String searchField, String addedAt) {
        if (!pointer.startsWith(addedAt)) {
            return pointer;
        }
        String rest = pointer.substring(addedAt.length());
        if (rest.equals("/searchName")) {
            return searchField;
        }
        for (String values : List.of("/parameters", "/contextValues")) {
            if (rest.equals(values) || rest.startsWith(values + "/")) {
                return "/parameters" + rest.substring(values.length());
            }
        }
        return pointer;
    }

    /** The new root: the added search combined with (or transforming) the current result. */
    private static ObjectNode node(boolean combine, String operator, ObjectNode added, JsonNode current) {
        if (combine) {
            ObjectNode node = EvaluationJson.mapper().createObjectNode().put("operator", operator);
            node.set("primaryInput", current);
            node.set("secondaryInput", added.deepCopy());
            return node;
        }
        ObjectNode node = added.deepCopy();
        node.set("primaryInput", current);
        return node;
    }
}
