package org.strategylab.experiment.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.config.SmallRyeConfigBuilder;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorFactory;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.hibernate.validator.HibernateValidator;
import org.hibernate.validator.HibernateValidatorConfiguration;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.Problem;
import org.strategylab.edge.problem.ProblemExceptionMappers;
import org.strategylab.evaluation.model.AnalysisTypes;
import org.strategylab.experiment.api.constraints.AtMostSettingValidator;
import org.strategylab.experiment.api.constraints.Choices;
import org.strategylab.experiment.config.ExperimentConfig;
import org.strategylab.experiment.analysis.stepanalysis.StepAnalysisWork;

/**
 * Every rule a request's own fields carry (range, size, configured limit, allowed values, repeats),
 * as a unit: the request records are bound from JSON as the service binds them, validated by
 * Hibernate Validator with this module's constraints and limits read from {@link ExperimentConfig},
 * and the violations answered by service-edge's mapper, as a resource's would be. Each bad input is
 * one 400 {@code VALIDATION_ERROR} problem naming that field, and nothing else.
 */
class RequestRulesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A valid body of each request; each case changes one field of it. */
    private static final Map<String, String> VALID = Map.ofEntries(
            Map.entry("experiment", "{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\",\"positiveControls\":[\"G1\"]}"),
            Map.entry("batch", "{\"base\":{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\",\"positiveControls\":[\"G1\"]},"
                    + "\"organismParamName\":\"organism\",\"targetOrganisms\":[{\"organism\":\"P. falciparum\"}]}"),
            Map.entry("benchmark", "{\"base\":{\"siteId\":\"plasmodb\",\"searchName\":\"GenesByTaxon\"},"
                    + "\"controlSets\":[{\"label\":\"one\",\"positiveControls\":[\"G1\"]}]}"),
            Map.entry("cross-validation", "{\"kFolds\":5}"),
            Map.entry("enrich", "{\"enrichmentTypes\":[\"pathway\"]}"),
            Map.entry("custom-enrich", "{\"geneSetName\":\"kinases\",\"geneIds\":[\"G1\"]}"),
            Map.entry("enrichment-compare", "{\"experimentIds\":[\"a\",\"b\"]}"),
            Map.entry("overlap", "{\"experimentIds\":[\"a\",\"b\"]}"),
            Map.entry("sweep", "{\"parameterName\":\"p\",\"minValue\":0,\"maxValue\":1}"),
            Map.entry("step-analysis", "{\"phases\":[\"contribution\"]}"),
            Map.entry("tree-optimization", "{\"thresholdKnobs\":[{\"stepId\":\"step-1\",\"paramName\":\"p\",\"minVal\":0,"
                    + "\"maxVal\":1}],\"operatorKnobs\":[{\"combineNodeId\":\"step-2\"}]}"),
            Map.entry("parameter-optimization", "{\"specs\":[{\"name\":\"p\",\"type\":\"numeric\",\"min\":0,\"max\":1}]}"),
            Map.entry("control-set", "{\"name\":\"kinases\",\"siteId\":\"plasmodb\",\"positiveIds\":[\"G1\"]}"),
            Map.entry("control-set-patch", "{\"name\":\"kinases\"}"),
            Map.entry("control-resolution", "{\"siteId\":\"plasmodb\",\"positiveControls\":[\"G1\"]}"),
            Map.entry("experiment-patch", "{\"name\":\"renamed\"}"),
            Map.entry("refine", "{\"action\":\"combine\",\"searchName\":\"GenesByTaxon\",\"operator\":\"union\"}"),
            Map.entry("undo", "{\"version\":2}"));

    private static final Map<String, Class<?>> TYPES = Map.ofEntries(
            Map.entry("experiment", ExperimentRequest.class), Map.entry("batch", BatchRequest.class),
            Map.entry("benchmark", BenchmarkRequest.class), Map.entry("cross-validation", CrossValidationRequest.class),
            Map.entry("enrich", EnrichRequest.class), Map.entry("custom-enrich", CustomEnrichRequest.class),
            Map.entry("enrichment-compare", EnrichmentCompareRequest.class), Map.entry("overlap", OverlapRequest.class),
            Map.entry("sweep", ThresholdSweepRequest.class), Map.entry("step-analysis", StepAnalysisRequest.class),
            Map.entry("tree-optimization", TreeOptimizationRequest.class),
            Map.entry("parameter-optimization", ParameterOptimizationRequest.class),
            Map.entry("control-set", ControlSetRequest.class), Map.entry("control-set-patch", ControlSetPatch.class),
            Map.entry("control-resolution", ControlResolutionRequest.class),
            Map.entry("experiment-patch", ExperimentPatch.class), Map.entry("refine", RefineRequest.class),
            Map.entry("undo", UndoRequest.class));

    private static Validator validator;

    @BeforeAll
    static void validatorWithSmallLimits() {
        // the module's configuration mapping with its defaults, and limits small enough to write out
        ExperimentConfig config = new SmallRyeConfigBuilder().withMapping(ExperimentConfig.class)
                .withDefaultValue("strategylab.experiments.runs.max-target-genes", "3")
                .withDefaultValue("strategylab.experiments.control-sets.max-ids", "3")
                .withDefaultValue("strategylab.experiments.control-sets.max-tags", "2")
                .withDefaultValue("strategylab.experiments.runs.max-group-members", "2")
                .build().getConfigMapping(ExperimentConfig.class);
        HibernateValidatorConfiguration configuration = Validation.byProvider(HibernateValidator.class).configure();
        ConstraintValidatorFactory defaults = configuration.getDefaultConstraintValidatorFactory();
        validator = configuration.messageInterpolator(new ParameterMessageInterpolator())
                .constraintValidatorFactory(new ConstraintValidatorFactory() {
                    @Override
                    public <T extends ConstraintValidator<?, ?>> T getInstance(Class<T> key) {
                        return key == AtMostSettingValidator.class ? key.cast(new AtMostSettingValidator(config))
                                : defaults.getInstance(key);
                    }

                    @Override
                    public void releaseInstance(ConstraintValidator<?, ?> instance) {
                        defaults.releaseInstance(instance);
                    }
                })
                .buildValidatorFactory().getValidator();
    }

    @ParameterizedTest(name = "{0} {1} = {2}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            experiment             | /name                            | "%201"                                          | /name
            experiment             | /description                     | "%2001"                                         | /description
            experiment             | /siteId                          | <absent>                                        | /siteId
            experiment             | /siteId                          | " "                                             | /siteId
            experiment             | /mode                            | "sideways"                                      | /mode
            experiment             | /targetGeneIds                   | []                                              | /targetGeneIds
            experiment             | /targetGeneIds                   | [" ", ""]                                       | /targetGeneIds
            experiment             | /targetGeneIds                   | ["G1", null]                                    | /targetGeneIds
            experiment             | /targetGeneIds                   | ["G1", "G2", "G3", "G4"]                        | /targetGeneIds
            experiment             | /positiveControls                | [" "]                                           | /positiveControls
            experiment             | /positiveControls                | [null]                                          | /positiveControls
            experiment             | /positiveControls                | ["G1", "G2", "G3", "G4"]                        | /positiveControls
            experiment             | /negativeControls                | ["G2", null]                                    | /negativeControls
            experiment             | /negativeControls                | ["G2", "G3", "G4", "G5"]                        | /negativeControls
            experiment             | /controlsValueFormat             | "tabs"                                          | /controlsValueFormat
            experiment             | /kFolds                          | 1                                               | /kFolds
            experiment             | /kFolds                          | 11                                              | /kFolds
            experiment             | /enrichmentTypes                 | ["pathway", "kegg"]                             | /enrichmentTypes/1
            experiment             | /enrichmentTypes                 | ["pathway", "word", "pathway"]                  | /enrichmentTypes/2
            experiment             | /enrichmentTypes                 | [null]                                          | /enrichmentTypes/0
            experiment             | /optimizationSpecs               | [{"name": "p"}]                                 | /optimizationSpecs/0/type
            experiment             | /optimizationSpecs               | [{"name": "p", "type": "numeric", "min": 2, "max": 1}] | /optimizationSpecs/0/max
            experiment             | /optimizationSpecs               | [{"name": "p", "type": "numeric", "min": 0, "max": 1, "step": 0}] | /optimizationSpecs/0/step
            experiment             | /optimizationSpecs               | [{"name": "p", "type": "categorical"}]          | /optimizationSpecs/0/choices
            experiment             | /optimizationSpecs               | [{"name": "p", "type": "integer", "min": 0, "max": 1}, {"name": "p", "type": "integer", "min": 0, "max": 1}] | /optimizationSpecs/1/name
            experiment             | /optimizationSpecs               | [null]                                          | /optimizationSpecs/0
            experiment             | /optimizationBudget              | 4                                               | /optimizationBudget
            experiment             | /optimizationBudget              | 201                                             | /optimizationBudget
            experiment             | /optimizationObjective           | "best"                                          | /optimizationObjective
            experiment             | /stepAnalysisPhases              | ["everything"]                                  | /stepAnalysisPhases/0
            experiment             | /stepAnalysisPhases              | ["contribution", "contribution"]                | /stepAnalysisPhases/1
            experiment             | /thresholdKnobs                  | [{"stepId": "s", "paramName": "p", "minVal": 2, "maxVal": 1}] | /thresholdKnobs/0/maxVal
            experiment             | /thresholdKnobs                  | [{"stepId": "s", "paramName": "p", "minVal": 0, "maxVal": 1, "stepSize": 0}] | /thresholdKnobs/0/stepSize
            experiment             | /thresholdKnobs                  | [null]                                          | /thresholdKnobs/0
            experiment             | /operatorKnobs                   | [null]                                          | /operatorKnobs/0
            experiment             | /treeOptimizationObjective       | "precision_at_x"                                | /treeOptimizationObjective
            experiment             | /treeOptimizationBudget          | 4                                               | /treeOptimizationBudget
            experiment             | /treeOptimizationBudget          | 201                                             | /treeOptimizationBudget
            experiment             | /maxListSize                     | -1                                              | /maxListSize
            experiment             | /sortDirection                   | "UP"                                            | /sortDirection
            experiment             | /bootstrapIterations             | 9                                               | /bootstrapIterations
            experiment             | /bootstrapIterations             | 999999                                          | /bootstrapIterations
            batch                  | /base/kFolds                     | 11                                              | /base/kFolds
            batch                  | /organismParamName               | " "                                             | /organismParamName
            batch                  | /targetOrganisms                 | []                                              | /targetOrganisms
            batch                  | /targetOrganisms                 | [{"organism": "a"}, {"organism": "b"}, {"organism": "c"}] | /targetOrganisms
            batch                  | /targetOrganisms/0/organism      | ""                                              | /targetOrganisms/0/organism
            batch                  | /targetOrganisms/0/positiveControls | [" "]                                        | /targetOrganisms/0/positiveControls
            batch                  | /targetOrganisms/0/negativeControls | ["G2", "G3", "G4", "G5"]                     | /targetOrganisms/0/negativeControls
            benchmark              | /base/bootstrapIterations        | 999999                                          | /base/bootstrapIterations
            benchmark              | /controlSets                     | [{"label": "a"}, {"label": "b"}, {"label": "c"}] | /controlSets
            benchmark              | /controlSets/0/label             | "%201"                                          | /controlSets/0/label
            benchmark              | /controlSets/0/positiveControls  | ["G1", "G2", "G3", "G4"]                        | /controlSets/0/positiveControls
            benchmark              | /controlSets/0/negativeControls  | [null]                                          | /controlSets/0/negativeControls
            cross-validation       | /kFolds                          | 11                                              | /kFolds
            enrich                 | /enrichmentTypes                 | <absent>                                        | /enrichmentTypes
            enrich                 | /enrichmentTypes                 | []                                              | /enrichmentTypes
            enrich                 | /enrichmentTypes                 | ["pathway", "kegg"]                             | /enrichmentTypes/1
            enrich                 | /enrichmentTypes                 | ["word", "word"]                                | /enrichmentTypes/1
            custom-enrich          | /geneSetName                     | " "                                             | /geneSetName
            custom-enrich          | /geneSetName                     | "%201"                                          | /geneSetName
            custom-enrich          | /geneIds                         | []                                              | /geneIds
            enrichment-compare     | /experimentIds                   | ["a"]                                           | /experimentIds
            enrichment-compare     | /experimentIds                   | ["a", "b", "a"]                                 | /experimentIds/2
            enrichment-compare     | /analysisType                    | "kegg"                                          | /analysisType
            overlap                | /experimentIds                   | ["a"]                                           | /experimentIds
            overlap                | /experimentIds                   | ["a", "a"]                                      | /experimentIds/1
            overlap                | /basis                           | "everything"                                    | /basis
            sweep                  | /parameterName                   | <absent>                                        | /parameterName
            sweep                  | /parameterName                   | " "                                             | /parameterName
            sweep                  | /sweepType                       | "linear"                                        | /sweepType
            sweep                  | /steps                           | 2                                               | /steps
            sweep                  | /steps                           | 51                                              | /steps
            sweep                  | /values                          | ["0.1", null]                                   | /values/1
            step-analysis          | /phases                          | ["contribution", "everything"]                  | /phases/1
            step-analysis          | /phases                          | ["sensitivity", "sensitivity"]                  | /phases/1
            tree-optimization      | /budget                          | 4                                               | /budget
            tree-optimization      | /budget                          | 201                                             | /budget
            tree-optimization      | /objective                       | "best"                                          | /objective
            tree-optimization      | /maxListSize                     | -1                                              | /maxListSize
            tree-optimization      | /thresholdKnobs/0/maxVal         | -1                                              | /thresholdKnobs/0/maxVal
            tree-optimization      | /thresholdKnobs/0/stepSize       | -0.5                                            | /thresholdKnobs/0/stepSize
            parameter-optimization | /specs                           | <absent>                                        | /specs
            parameter-optimization | /specs                           | []                                              | /specs
            parameter-optimization | /specs/0/type                    | "float"                                         | /specs/0/type
            parameter-optimization | /specs/0/min                     | <absent>                                        | /specs/0/min
            parameter-optimization | /budget                          | 4                                               | /budget
            parameter-optimization | /objective                       | "best"                                          | /objective
            parameter-optimization | /method                          | "annealing"                                     | /method
            control-set            | /name                            | " "                                             | /name
            control-set            | /name                            | "%256"                                          | /name
            control-set            | /siteId                          | <absent>                                        | /siteId
            control-set            | /positiveIds                     | ["G1", "G2", "G3", "G4"]                        | /positiveIds
            control-set            | /negativeIds                     | ["G2", "G3", "G4", "G5"]                        | /negativeIds
            control-set            | /tags                            | ["a", "b", "c"]                                 | /tags
            control-set-patch      | /name                            | " "                                             | /name
            control-set-patch      | /positiveIds                     | ["G1", "G2", "G3", "G4"]                        | /positiveIds
            control-set-patch      | /tags                            | ["a", "b", "c"]                                 | /tags
            control-resolution     | /siteId                          | <absent>                                        | /siteId
            control-resolution     | /positiveControls                | ["G1", "G2", "G3", "G4"]                        | /positiveControls
            control-resolution     | /negativeControls                | [null]                                          | /negativeControls
            experiment-patch       | /name                            | "  "                                            | /name
            experiment-patch       | /name                            | "%201"                                          | /name
            refine                 | /action                          | "merge"                                         | /action
            refine                 | /operator                        | "XOR"                                           | /operator
            refine                 | /version                         | 0                                               | /version
            undo                   | /version                         | 1                                               | /version
            """)
    void aFieldThatBreaksItsOwnRuleIsA400NamingIt(String request, String field, String badValue, String pointer)
            throws Exception {
        Object body = JSON.treeToValue(with(VALID.get(request), field, badValue), TYPES.get(request));

        Response answer = answer(validator.validate(body));

        assertEquals(400, answer.getStatus(), request + " " + field + " = " + badValue);
        assertEquals("application/problem+json", String.valueOf(answer.getMediaType()));
        Problem problem = (Problem) answer.getEntity();
        assertEquals("VALIDATION_ERROR", problem.code());
        assertNotNull(problem.errors(), "no field named");
        assertEquals(Set.of(pointer), pointers(problem), "the one field named");
        problem.errors().forEach(error -> assertTrue(!error.message().isBlank() && !error.message().contains("Exception"),
                "a person's sentence: " + error.message()));
    }

    @Test
    void theValidBodiesPass() throws Exception {
        for (Map.Entry<String, String> valid : VALID.entrySet()) {
            Object body = JSON.readValue(valid.getValue(), TYPES.get(valid.getKey()));
            assertEquals(Set.of(), validator.validate(body), valid.getKey());
        }
        // a body at each limit passes: the limit is the configured one, not a constant
        assertEquals(Set.of(), validator.validate(JSON.treeToValue(with(VALID.get("experiment"), "/positiveControls",
                "[\"G1\", \"G2\", \"G3\"]"), ExperimentRequest.class)));
        assertEquals(Set.of(), validator.validate(JSON.treeToValue(with(VALID.get("experiment"), "/bootstrapIterations",
                "2000"), ExperimentRequest.class)));
        // tags count as they are kept: repeats and blanks are dropped before the limit of 2
        assertEquals(Set.of(), validator.validate(JSON.treeToValue(with(VALID.get("control-set"), "/tags",
                "[\"a\", \"a\", \" \", \"b\"]"), ControlSetRequest.class)));
        assertEquals(Set.of(), validator.validate(JSON.treeToValue(with(VALID.get("experiment"), "/sortDirection",
                "\"desc\""), ExperimentRequest.class)));
        assertEquals(Set.of(), validator.validate(JSON.treeToValue(with(VALID.get("parameter-optimization"), "/method",
                "\"Bayesian\""), ParameterOptimizationRequest.class)));
    }

    @Test
    void aConfiguredLimitIsNamedWithItsKey() throws Exception {
        Problem problem = (Problem) answer(validator.validate(JSON.treeToValue(with(VALID.get("experiment"),
                "/bootstrapIterations", "2001"), ExperimentRequest.class))).getEntity();
        assertEquals(List.of(new FieldError("/bootstrapIterations",
                "at most 2000 iterations (strategylab.experiments.runs.max-bootstrap-iterations)")), problem.errors());
        problem = (Problem) answer(validator.validate(JSON.treeToValue(with(VALID.get("experiment"),
                "/negativeControls", "[\"G2\", \"G3\", \"G4\", \"G5\"]"), ExperimentRequest.class))).getEntity();
        assertEquals(List.of(new FieldError("/negativeControls",
                "has 4 IDs; at most 3 are allowed (strategylab.experiments.control-sets.max-ids)")), problem.errors());
    }

    @Test
    void aRepeatedValueIsNamedAsTheCallerWroteIt() throws Exception {
        // a caller's text that looks like a message expression reads as itself
        Problem problem = (Problem) answer(validator.validate(JSON.treeToValue(with(VALID.get("overlap"),
                "/experimentIds", "[\"${1+1}\", \"${1+1}\"]"), OverlapRequest.class))).getEntity();
        assertEquals(List.of(new FieldError("/experimentIds/1", "repeats '${1+1}'")), problem.errors());
    }

    @Test
    void theAllowedValuesAreTheOnesTheServiceRuns() {
        assertEquals(new TreeSet<>(AnalysisTypes.all().keySet()), names(Choices.ENRICHMENT_TYPES));
        assertEquals(List.copyOf(StepAnalysisWork.PHASES.keySet()), Arrays.asList(Choices.STEP_ANALYSIS_PHASES.split("\\|")));
    }

    private static Set<String> names(String alternatives) {
        return new TreeSet<>(Arrays.asList(alternatives.split("\\|")));
    }

    /** The valid body with one field set to a value (JSON; {@code %N}: a string of N letters), or removed. */
    static JsonNode with(String valid, String field, String value) throws Exception {
        JsonNode body = JSON.readTree(valid);
        JsonPointer at = JsonPointer.compile(field);
        JsonNode parent = body.at(at.head());
        String name = at.last().getMatchingProperty();
        if (value.equals("<absent>")) {
            ((ObjectNode) parent).remove(name);
            return body;
        }
        JsonNode replacement = value.matches("\"%\\d+\"")
                ? JSON.getNodeFactory().textNode("n".repeat(Integer.parseInt(value.substring(2, value.length() - 1))))
                : JSON.readTree(value);
        if (parent instanceof ArrayNode array) {
            array.set(at.last().getMatchingIndex(), replacement);
        } else {
            ((ObjectNode) parent).set(name, replacement);
        }
        return body;
    }

    /** What service-edge answers for these violations of a request body. */
    static Response answer(Set<? extends ConstraintViolation<?>> violations) {
        UriInfo uri = (UriInfo) Proxy.newProxyInstance(RequestRulesTest.class.getClassLoader(),
                new Class<?>[] {UriInfo.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getPath")) {
                        return "/api/v1/experiments";
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        return new ProblemExceptionMappers().constraintViolation(new ConstraintViolationException(violations), uri);
    }

    private static Set<String> pointers(Problem problem) {
        Set<String> pointers = new TreeSet<>();
        problem.errors().forEach(error -> pointers.add(error.pointer()));
        return pointers;
    }
}
