package org.strategylab.experiment.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.json.EvaluationJson;

/**
 * The settings are records in parts, and their JSON (the stored {@code config} column and every
 * answer's {@code config}) is the one flat object it always was: the same fields in the same order,
 * nulls left out, and a stored config that lacks a whole part reads with that part empty.
 */
class ExperimentSettingsJsonTest {

    /** The fields in the order the flat record wrote them before it was split into parts. */
    private static final List<String> FLAT_ORDER = List.of("name", "description", "siteId", "recordType", "mode",
            "searchName", "parameters", "stepTree", "targetGeneCount", "positiveControls", "negativeControls",
            "controlSetId", "controlsSearchName", "controlsParamName", "controlsValueFormat", "parameterDisplayValues",
            "sortAttribute", "sortDirection", "parentExperimentId", "enableRobustness", "bootstrapIterations",
            "bootstrapSeed", "enableCrossValidation", "kFolds", "enrichmentTypes", "enableStepAnalysis",
            "stepAnalysisPhases", "treeOptimization", "parameterOptimization");

    private final ObjectMapper mapper = EvaluationJson.mapper();

    private static ExperimentSettings everyFieldSet() {
        ObjectMapper plain = new ObjectMapper();
        return new ExperimentSettings("kinases", "every field", "plasmodb", "transcript",
                new SearchTarget(SearchTarget.MULTI_STEP, "GenesByGoTerm", Map.of("go_typeahead", List.of("GO:0004672")),
                        plain.createObjectNode().put("searchName", "GenesByGoTerm"), 12),
                new ControlSettings(List.of("PF3D7_0100100"), List.of("PF3D7_0900100"), "set-1", "GeneByLocusTag",
                        "ds_gene_ids", "newline"),
                new ResultDisplay(Map.of("go_typeahead", "protein kinase activity"), "gene_product", "ASC"),
                "parent-1",
                new RobustnessSettings(true, 200, 42L),
                new CrossValidationSettings(true, 5),
                new AnalysisSettings(List.of("go_function"), true, List.of("contribution"),
                        new TreeOptimizationRequest(null, null, "f1", 20, null),
                        new ParameterOptimizationRequest(null, "f1", 20, null, null)));
    }

    @Test
    void theJsonIsOneFlatObjectWithTheFieldsInTheirFormerOrder() throws Exception {
        JsonNode json = mapper.valueToTree(everyFieldSet());
        List<String> names = new ArrayList<>();
        json.fieldNames().forEachRemaining(names::add);
        assertEquals(FLAT_ORDER, names);
        assertEquals(5, json.path("kFolds").asInt());
        assertEquals("PF3D7_0100100", json.path("positiveControls").path(0).asText());
    }

    @Test
    void itReadsBackAsTheSameSettings() throws Exception {
        ExperimentSettings settings = everyFieldSet();
        String json = mapper.writeValueAsString(settings);
        assertEquals(json, mapper.writeValueAsString(mapper.readValue(json, ExperimentSettings.class)));
        assertEquals(settings.controls(), mapper.readValue(json, ExperimentSettings.class).controls());
    }

    @Test
    void nullsAreLeftOutAndAMissingPartReadsEmpty() throws Exception {
        ExperimentSettings sparse = mapper.readValue(
                "{\"name\":\"ids\",\"siteId\":\"plasmodb\",\"mode\":\"gene-ids\",\"targetGeneCount\":3}", ExperimentSettings.class);
        assertEquals(SearchTarget.GENE_IDS, sparse.target().mode());
        assertEquals(3, sparse.target().targetGeneCount());
        assertNull(sparse.controls().positiveControls());
        assertFalse(sparse.crossValidation().enableCrossValidation());
        assertNull(sparse.analyses().treeOptimization());
        assertEquals("{\"name\":\"ids\",\"siteId\":\"plasmodb\",\"mode\":\"gene-ids\",\"targetGeneCount\":3,"
                + "\"enableRobustness\":false,\"enableCrossValidation\":false,\"enableStepAnalysis\":false}",
                mapper.writeValueAsString(sparse));
    }
}
