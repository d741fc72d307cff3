package org.strategylab.evaluation.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.Fixtures;
import org.strategylab.evaluation.model.RecordClass;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RecordClassifierTest {
    @Test
    void classifiesExactThenVersionStrippedInTpFpFnTnOrder() {
        JsonNode f = Fixtures.load("record_classification.json");
        JsonNode s = f.get("sets");
        RecordClassifier classifier = new RecordClassifier(Fixtures.strings(s.get("tp")), Fixtures.strings(s.get("fp")),
                Fixtures.strings(s.get("fn")), Fixtures.strings(s.get("tn")));
        for (JsonNode c : f.get("cases")) {
            RecordClass actual = classifier.classify(c.get("id").asText());
            String expected = c.get("expected").isNull() ? null : c.get("expected").asText();
            assertEquals(expected, actual == null ? null : actual.name(), c.get("id").asText());
        }
    }
}
