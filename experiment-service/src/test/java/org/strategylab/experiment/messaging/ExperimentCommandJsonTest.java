package org.strategylab.experiment.messaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Commands keep their wire shape: a command written when {@link ExperimentCommand} was one record
 * with a {@code type} and every field (the others null) — on the topic, or kept in the operations
 * index and sent again after a restart — reads as its kind's record, and a record writes the same
 * {@code type} and the same field names, in the same order, as that record did for its kind (only
 * the fields other kinds had, always null for it, are no longer written). A plain unit test with a
 * plain Jackson mapper.
 */
class ExperimentCommandJsonTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A command as the single record wrote it: every field, in its component order ({@code token} never). */
    private static String old(String type, String experimentIds, String groupId, String kFolds, String sweep,
                              String phases, String optimization, String parameterOptimization) {
        return "{\"type\":\"" + type + "\",\"operationId\":\"0f6d8c36-6a43-4c55-9b1e-3f3d2a5f9a10\","
                + "\"experimentIds\":" + experimentIds + ",\"groupId\":" + groupId + ",\"ownerId\":\"alice\","
                + "\"kFolds\":" + kFolds + ",\"sweep\":" + sweep + ",\"phases\":" + phases
                + ",\"optimization\":" + optimization + ",\"parameterOptimization\":" + parameterOptimization + "}";
    }

    private static final String ONE = "[\"5b1c7e0e-2d7a-4a57-8f55-6c1f0c1a2b3c\"]";
    private static final String TWO = "[\"5b1c7e0e-2d7a-4a57-8f55-6c1f0c1a2b3c\",\"7d2e8f1f-3e8b-4b68-9066-7d2f1d2b3c4d\"]";

    /** Reads the old JSON, checks the record's kind, writes it again and compares with the old JSON. */
    private static ExperimentCommand roundTrip(String oldJson, Class<? extends ExperimentCommand> kind,
                                               Set<String> fields) throws Exception {
        ExperimentCommand command = JSON.readValue(oldJson, ExperimentCommand.class);
        assertInstanceOf(kind, command);
        assertEquals(JSON.readTree(oldJson).path("type").asText(), command.type());
        assertEquals("0f6d8c36-6a43-4c55-9b1e-3f3d2a5f9a10", command.operationId());
        assertEquals("alice", command.ownerId());
        assertNull(command.token());

        String written = JSON.writeValueAsString(command.actingWith("a-secret-assertion"));
        assertFalse(written.contains("a-secret-assertion"), "the credential is never written: " + written);
        ObjectNode expected = (ObjectNode) JSON.readTree(oldJson);
        List<String> dropped = new ArrayList<>();
        expected.fieldNames().forEachRemaining(name -> {
            if (!name.equals("type") && !fields.contains(name)) {
                dropped.add(name);
            }
        });
        for (String name : dropped) {
            assertTrue(expected.get(name).isNull(), name + " was null for a " + command.type() + " command");
            expected.remove(name);
        }
        JsonNode actual = JSON.readTree(written);
        assertEquals(expected, actual);
        assertEquals(names(expected), names(actual), "same fields in the same order: " + written);
        assertEquals("type", names(actual).get(0));
        // and what it writes reads back as the same record
        assertEquals(command, JSON.readValue(written, ExperimentCommand.class));
        return command;
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    @Test
    void aRunReadsAndWritesAsBefore() throws Exception {
        ExperimentCommand run = roundTrip(old("run", ONE, "null", "null", "null", "null", "null", "null"),
                ExperimentCommand.Run.class, Set.of("operationId", "experimentIds", "ownerId"));
        assertEquals(List.of("5b1c7e0e-2d7a-4a57-8f55-6c1f0c1a2b3c"), run.experimentIds());
        assertEquals("5b1c7e0e-2d7a-4a57-8f55-6c1f0c1a2b3c", run.key());
    }

    @Test
    void batchesAndBenchmarksKeepTheirGroup() throws Exception {
        ExperimentCommand batch = roundTrip(old("batch", TWO, "\"b-1\"", "null", "null", "null", "null", "null"),
                ExperimentCommand.Batch.class, Set.of("operationId", "experimentIds", "groupId", "ownerId"));
        assertEquals("b-1", ((ExperimentCommand.Batch) batch).groupId());
        assertEquals("b-1", batch.key());
        assertEquals(2, batch.experimentIds().size());
        ExperimentCommand benchmark = roundTrip(old("benchmark", TWO, "\"m-1\"", "null", "null", "null", "null", "null"),
                ExperimentCommand.Benchmark.class, Set.of("operationId", "experimentIds", "groupId", "ownerId"));
        assertEquals("m-1", ((ExperimentCommand.Group) benchmark).groupId());
        assertEquals("m-1", benchmark.key());
    }

    @Test
    void aSeedKeepsItsSiteAsGroupId() throws Exception {
        ExperimentCommand seed = roundTrip(old("seed", "[]", "\"plasmodb\"", "null", "null", "null", "null", "null"),
                ExperimentCommand.Seed.class, Set.of("operationId", "experimentIds", "groupId", "ownerId"));
        assertEquals("plasmodb", ((ExperimentCommand.Seed) seed).siteId());
        assertEquals("plasmodb", seed.key());
        assertEquals(List.of(), seed.experimentIds());
    }

    @Test
    void theAnalysesKeepTheirOwnField() throws Exception {
        ExperimentCommand cv = roundTrip(old("cross-validate", ONE, "null", "7", "null", "null", "null", "null"),
                ExperimentCommand.CrossValidate.class, Set.of("operationId", "experimentIds", "ownerId", "kFolds"));
        assertEquals(7, ((ExperimentCommand.CrossValidate) cv).kFolds());
        assertEquals("5b1c7e0e-2d7a-4a57-8f55-6c1f0c1a2b3c", cv.key());
        roundTrip(old("cross-validate", ONE, "null", "null", "null", "null", "null", "null"),
                ExperimentCommand.CrossValidate.class, Set.of("operationId", "experimentIds", "ownerId", "kFolds"));

        ExperimentCommand sweep = roundTrip(old("threshold-sweep", ONE, "null", "null",
                        "{\"parameterName\":\"fold_change\",\"sweepType\":\"numeric\",\"values\":[\"1.5\",\"2\",\"4\"]}",
                        "null", "null", "null"),
                ExperimentCommand.ThresholdSweep.class, Set.of("operationId", "experimentIds", "ownerId", "sweep"));
        SweepPlan plan = ((ExperimentCommand.ThresholdSweep) sweep).sweep();
        assertEquals("fold_change", plan.parameterName());
        assertEquals(List.of("1.5", "2", "4"), plan.values());

        ExperimentCommand steps = roundTrip(old("step-analysis", ONE, "null", "null", "null",
                        "[\"leaf_evaluation\",\"contribution\"]", "null", "null"),
                ExperimentCommand.StepAnalysis.class, Set.of("operationId", "experimentIds", "ownerId", "phases"));
        assertEquals(List.of("leaf_evaluation", "contribution"), ((ExperimentCommand.StepAnalysis) steps).phases());

        ExperimentCommand tree = roundTrip(old("tree-optimization", ONE, "null", "null", "null", "null",
                        "{\"thresholdKnobs\":[],\"operatorKnobs\":[],\"objective\":\"f1\",\"budget\":20,\"maxListSize\":null}",
                        "null"),
                ExperimentCommand.TreeOptimization.class, Set.of("operationId", "experimentIds", "ownerId", "optimization"));
        assertEquals(20, ((ExperimentCommand.TreeOptimization) tree).optimization().budget());

        ExperimentCommand parameters = roundTrip(old("parameter-optimization", ONE, "null", "null", "null", "null", "null",
                        "{\"specs\":[],\"objective\":\"f1\",\"budget\":10,\"method\":\"bayesian\",\"targetStep\":null}"),
                ExperimentCommand.ParameterOptimization.class,
                Set.of("operationId", "experimentIds", "ownerId", "parameterOptimization"));
        assertEquals("bayesian", ((ExperimentCommand.ParameterOptimization) parameters).parameterOptimization().method());
    }

    @Test
    void aDiscoveryCarriesItsResolvedRequestAndNoCredential() throws Exception {
        String json = "{\"type\":\"strategy-discovery\",\"operationId\":\"0f6d8c36-6a43-4c55-9b1e-3f3d2a5f9a10\","
                + "\"experimentIds\":[],\"ownerId\":\"alice\",\"discovery\":{\"siteId\":\"plasmodb\","
                + "\"recordType\":\"transcript\",\"positiveControls\":[\"PF3D7_0100100\",\"PF3D7_0100200\"],"
                + "\"negativeControls\":[\"PF3D7_0900100\"],\"controlSetId\":null,\"objective\":\"recall_at_precision\","
                + "\"precisionFloor\":0.8,\"maxSteps\":2,\"budget\":150,\"seed\":7,\"top\":3}}";
        ExperimentCommand command = roundTrip(json, ExperimentCommand.Discovery.class,
                Set.of("operationId", "experimentIds", "ownerId", "discovery"));
        ExperimentCommand.Discovery discovery = (ExperimentCommand.Discovery) command;
        assertEquals(List.of("PF3D7_0100100", "PF3D7_0100200"), discovery.discovery().positiveControls());
        assertEquals(0.8, discovery.discovery().precisionFloor());
        assertEquals(150, discovery.discovery().budget());
        // it names no experiment: its key is its operation
        assertEquals("0f6d8c36-6a43-4c55-9b1e-3f3d2a5f9a10", command.key());
    }

    @Test
    void anUnknownTypeIsRefusedByName() {
        InvalidTypeIdException refused = assertThrows(InvalidTypeIdException.class, () -> JSON.readValue(
                old("re-seed", ONE, "null", "null", "null", "null", "null", "null"), ExperimentCommand.class));
        assertEquals("re-seed", refused.getTypeId());
    }
}
