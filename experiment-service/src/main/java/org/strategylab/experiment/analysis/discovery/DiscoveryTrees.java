package org.strategylab.experiment.analysis.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.strategylab.evaluation.discovery.Combination;
import org.strategylab.evaluation.json.EvaluationJson;

/**
 * A discovered combination as the step tree {@code POST /api/v1/experiments} takes ({@code stepTree}):
 * a leaf is its search ({@code searchName}, {@code parameters}), a join a combine node
 * ({@code operator}, {@code primaryInput} the left operand, {@code secondaryInput} the right), so the
 * winner runs as an experiment, or is made a strategy on the site, as it is.
 */
final class DiscoveryTrees {

    private DiscoveryTrees() {
    }

    static JsonNode tree(Combination combination, List<SearchProposal> steps) {
        if (combination instanceof Combination.Leaf leaf) {
            return steps.get(leaf.step()).leaf();
        }
        Combination.Join join = (Combination.Join) combination;
        ObjectNode node = EvaluationJson.mapper().createObjectNode().put("operator", join.operator().name());
        node.set("primaryInput", tree(join.left(), steps));
        node.set("secondaryInput", tree(join.right(), steps));
        return node;
    }
}
