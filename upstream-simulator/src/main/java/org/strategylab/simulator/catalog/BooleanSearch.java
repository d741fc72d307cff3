package org.strategylab.simulator.catalog;

import java.util.BitSet;
import java.util.List;

/**
 * The combine search WDK generates for a record class: two input-step params wired by the strategy's
 * step tree and {@code bq_operator}. LONLY / RONLY ("ignore the other input") return one input unchanged.
 */
final class BooleanSearch {

    private BooleanSearch() {
    }

    static SearchSpec of(RecordType recordType) {
        String suffix = recordType.fullName().replace('.', '_');
        String left = "bq_left_op_" + suffix;
        String right = "bq_right_op_" + suffix;
        Vocabulary operators = new Vocabulary(List.of(
                VocabularyNode.leaf("UNION", "UNION"), VocabularyNode.leaf("INTERSECT", "INTERSECT"),
                VocabularyNode.leaf("MINUS", "LEFT_MINUS"), VocabularyNode.leaf("RMINUS", "RIGHT_MINUS"),
                VocabularyNode.leaf("LONLY", "LEFT_ONLY"), VocabularyNode.leaf("RONLY", "RIGHT_ONLY")));
        VocabularyParam operator = new VocabularyParam(ParamBasics.visible("bq_operator", "Operator", "Boolean operator"),
                false, VocabularyParam.DisplayType.SELECT, 1, 1, c -> operators, v -> List.of("INTERSECT"));
        List<ParamSpec> params = List.of(
                new InputStepParam(ParamBasics.hidden(left, "Left Operand")),
                new InputStepParam(ParamBasics.hidden(right, "Right Operand")),
                operator);
        return new SearchSpec(recordType.booleanSearchName(), "InternalQuestions." + recordType.booleanSearchName(),
                "Combine " + recordType.displayName() + " results", "Combine", "Combine two " + recordType.displayNamePlural()
                + " results with a set operation", recordType.urlSegment(), params,
                List.of("primary_key", "organism", "gene_location_text", "gene_product"), List.of(),
                List.of(recordType.urlSegment()), true, run -> {
                    BitSet a = run.inputs().get(left).transcripts();
                    BitSet b = run.inputs().get(right).transcripts();
                    BitSet result = (BitSet) a.clone();
                    switch (run.value("bq_operator")) {
                        case "UNION" -> result.or(b);
                        case "INTERSECT" -> result.and(b);
                        case "MINUS" -> result.andNot(b);
                        case "RMINUS" -> {
                            result = (BitSet) b.clone();
                            result.andNot(a);
                        }
                        case "RONLY" -> result = (BitSet) b.clone();
                        default -> {
                            // LONLY: the left input as it is
                        }
                    }
                    return Answer.of(result);
                });
    }
}
