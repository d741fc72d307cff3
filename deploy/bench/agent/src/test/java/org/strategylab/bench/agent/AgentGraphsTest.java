package org.strategylab.bench.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class AgentGraphsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aGraphBecomesTheStepTreeOfItsRoot() throws Exception {
        JsonNode graph = JSON.readTree("""
                {"rootStepId":"step-4","steps":[
                 {"id":"step-1","kind":"SEARCH","searchName":"GenesByGoTerm","parameters":{"go_typeahead":["GO:0004672"]},"resultCount":220},
                 {"id":"step-2","kind":"SEARCH","searchName":"GenesWithSignalPeptide","parameters":{"organism":["Plasmodium falciparum 3D7"]}},
                 {"id":"step-3","kind":"COMBINE","operator":"INTERSECT","primaryInputStepId":"step-1","secondaryInputStepId":"step-2"},
                 {"id":"step-4","kind":"TRANSFORM","searchName":"GenesByOrthologs","parameters":{"isSyntenic":"no"},"primaryInputStepId":"step-3"}]}
                """);
        assertEquals("step-4", AgentGraphs.answerStep(graph).orElseThrow());
        assertEquals(JSON.readTree("""
                {"searchName":"GenesByOrthologs","parameters":{"isSyntenic":"no"},"primaryInput":
                 {"operator":"INTERSECT",
                  "primaryInput":{"searchName":"GenesByGoTerm","parameters":{"go_typeahead":["GO:0004672"]}},
                  "secondaryInput":{"searchName":"GenesWithSignalPeptide","parameters":{"organism":["Plasmodium falciparum 3D7"]}}}}
                """), AgentGraphs.tree(graph, "step-4"));
    }

    @Test
    void withoutASingleRootTheLastStepNothingReadsIsTheAnswer() throws Exception {
        JsonNode graph = JSON.readTree("""
                {"rootStepId":null,"steps":[
                 {"id":"step-1","kind":"SEARCH","searchName":"GenesByGoTerm","parameters":{}},
                 {"id":"step-2","kind":"SEARCH","searchName":"GenesWithSignalPeptide","parameters":{}}]}
                """);
        assertEquals("step-2", AgentGraphs.answerStep(graph).orElseThrow());
        assertTrue(AgentGraphs.answerStep(JSON.readTree("{\"steps\":[]}")).isEmpty());
    }
}
