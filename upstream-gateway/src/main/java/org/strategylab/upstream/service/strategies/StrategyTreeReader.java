package org.strategylab.upstream.service.strategies;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.StepNode;
import org.strategylab.upstream.api.StepView;
import org.strategylab.upstream.api.StrategyTree;
import org.strategylab.upstream.api.StrategyView;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.service.catalog.CatalogReader;
import org.strategylab.upstream.service.catalog.CatalogService;
import org.strategylab.upstream.service.catalog.ParamEncoder;

/**
 * Reads a strategy of the caller's back as the tree that builds it: the boolean steps become
 * combines with their operator, a transform loses its input-step parameter (the tree wires it), and
 * a multi-pick vocabulary's JSON-array text becomes the list of its terms, as the forms give them.
 */
@ApplicationScoped
public class StrategyTreeReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    StrategyService strategies;

    @Inject
    CatalogService catalogService;

    @Inject
    CatalogReader catalog;

    /**
     * The caller's strategy as a tree.
     *
     * @param session    the caller's session on the site
     * @param strategyId the strategy
     * @return its tree; a strategy of someone else's is the site's 404
     */
    public Uni<StrategyTree> read(UpstreamSession session, long strategyId) {
        return strategies.get(session, strategyId).chain(view -> catalogService
                .booleanSearch(session.site().id(), view.recordType())
                .chain(bool -> node(session, view, bool, view.stepTree()))
                .map(root -> new StrategyTree(view.strategyId(), view.name(), view.recordType(), view.isSaved(),
                        view.estimatedSize(), view.webUrl(), root)));
    }

    private Uni<StrategyTree.Node> node(UpstreamSession session, StrategyView view, CatalogService.BooleanSearch bool,
                                        StepNode at) {
        if (at == null) {
            return Uni.createFrom().nullItem();
        }
        StepView step = view.steps().get(at.stepId());
        if (step == null) {
            throw new ProblemException(502, "UPSTREAM_ERROR", "Bad Gateway", "the site's strategy " + view.strategyId()
                    + " names step " + at.stepId() + " but does not list it", List.of());
        }
        return node(session, view, bool, at.primaryInput()).chain(primary -> node(session, view, bool, at.secondaryInput())
                .chain(secondary -> own(session, view.recordType(), bool, step, primary, secondary)));
    }

    private Uni<StrategyTree.Node> own(UpstreamSession session, String recordType, CatalogService.BooleanSearch bool,
                                       StepView step, StrategyTree.Node primary, StrategyTree.Node secondary) {
        Map<String, String> values = step.parameters() == null ? Map.of() : step.parameters();
        if (bool.name().equals(step.searchName()) || secondary != null) {
            String operator = values.get(bool.operatorParam());
            return Uni.createFrom().item(new StrategyTree.Node(step.stepId(), null, operator, step.customName(), null,
                    operator, step.estimatedSize(), primary, secondary));
        }
        return catalog.search(session.site().id(), recordType, step.searchName()).map(data -> {
            Map<String, JsonNode> params = ParamEncoder.params(data);
            List<String> inputs = ParamEncoder.inputStepParams(data);
            Map<String, Object> parameters = new LinkedHashMap<>();
            values.forEach((name, value) -> {
                if (!inputs.contains(name)) {
                    parameters.put(name, decoded(params.get(name), value));
                }
            });
            return new StrategyTree.Node(step.stepId(), step.searchName(), step.displayName(), step.customName(),
                    parameters, null, step.estimatedSize(), primary, null);
        });
    }

    private static Object decoded(JsonNode param, String value) {
        if (param == null || !"multi-pick-vocabulary".equals(param.path("type").asText()) || value == null
                || !value.trim().startsWith("[")) {
            return value;
        }
        try {
            JsonNode array = JSON.readTree(value);
            if (!array.isArray()) {
                return value;
            }
            List<String> terms = new ArrayList<>();
            array.forEach(term -> terms.add(term.asText()));
            return terms;
        } catch (JsonProcessingException e) {
            return value;
        }
    }
}
