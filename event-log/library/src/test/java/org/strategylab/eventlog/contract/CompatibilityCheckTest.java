package org.strategylab.eventlog.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The compatibility rule: the checked-in contract against the released copy, and deliberately
 * broken copies that the check must refuse.
 */
class CompatibilityCheckTest {

    private static final EventContract RELEASED = EventContract.parse(resource("contract/asyncapi-released.yaml"));

    private static String resource(String name) {
        try (InputStream in = CompatibilityCheckTest.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The released copy with one edit of its tree. */
    private static EventContract edited(Consumer<ObjectNode> edit) {
        YAMLMapper yaml = new YAMLMapper();
        ObjectNode document = RELEASED.document().deepCopy();
        edit.accept(document);
        try {
            return EventContract.parse(yaml.writeValueAsString(document));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ObjectNode schema(ObjectNode document, String name) {
        return (ObjectNode) document.path("components").path("schemas").path(name);
    }

    /** The build's gate: the contract in this tree may replace the released one. */
    @Test
    void theCheckedInContractIsCompatibleWithTheReleasedOne() {
        CompatibilityCheck.Result result = CompatibilityCheck.compare(RELEASED, EventContract.bundled());
        assertTrue(result.compatible(), result.explanation());
    }

    @Test
    void theBrokenCopyWithARemovedFieldFails() {
        EventContract broken = EventContract.parse(resource("contract/asyncapi-broken-field-removed.yaml"));
        CompatibilityCheck.Result result = CompatibilityCheck.compare(RELEASED, broken);
        assertFalse(result.compatible());
        assertEquals(List.of("sweep_point.data: field completedCount removed"), result.breakingChanges());
    }

    @Test
    void aNewMajorVersionAllowsTheBreakingChange() {
        EventContract broken = EventContract.parse(resource("contract/asyncapi-broken-field-removed.yaml")
                .replace("version: 1.0.0", "version: 2.0.0"));
        CompatibilityCheck.Result result = CompatibilityCheck.compare(RELEASED, broken);
        assertEquals(1, result.breakingChanges().size());
        assertTrue(result.compatible());
    }

    @Test
    void aRetypedFieldFails() {
        CompatibilityCheck.Result result = CompatibilityCheck.compare(RELEASED, edited(document ->
                ((ObjectNode) schema(document, "SweepPointData").path("properties").path("totalCount")).put("type", "string")));
        assertEquals(List.of("sweep_point.data.totalCount: type \"integer\" → \"string\""), result.breakingChanges());
        assertFalse(result.compatible());
    }

    @Test
    void aNewRequiredFieldFails() {
        CompatibilityCheck.Result result = CompatibilityCheck.compare(RELEASED, edited(document -> {
            ObjectNode data = schema(document, "ExperimentEndData");
            ((ObjectNode) data.path("properties")).putObject("reason").put("type", "string");
            data.withArray("required").add("reason");
        }));
        assertEquals(List.of("experiment_end.data: field reason became required"), result.breakingChanges());
    }

    @Test
    void aRemovedMessageFails() {
        CompatibilityCheck.Result result = CompatibilityCheck.compare(RELEASED, edited(document -> {
            ((ObjectNode) document.path("components").path("messages")).remove("seed_item_error");
            ((ObjectNode) document.path("channels").path("experimentEvents").path("messages")).remove("seed_item_error");
        }));
        assertEquals(List.of("message seed_item_error removed", "channel experiment.events no longer carries seed_item_error"),
                result.breakingChanges());
    }

    @Test
    void aNewOptionalFieldAndANewMessageAreCompatible() {
        CompatibilityCheck.Result result = CompatibilityCheck.compare(RELEASED, edited(document -> {
            ((ObjectNode) schema(document, "ExperimentEndData").path("properties")).putObject("reason").put("type", "string");
            ObjectNode messages = (ObjectNode) document.path("components").path("messages");
            messages.set("experiment_paused", ((ObjectNode) messages.get("experiment_end").deepCopy()).put("name", "experiment_paused")
                    .put("x-terminal", false));
        }));
        assertEquals(List.of(), result.breakingChanges());
        assertTrue(result.compatible());
    }
}
