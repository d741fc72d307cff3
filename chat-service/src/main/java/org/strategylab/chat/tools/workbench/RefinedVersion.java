package org.strategylab.chat.tools.workbench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** What the model is told of the version a refine made (experiment-service keeps the one before). */
final class RefinedVersion {

    private RefinedVersion() {
    }

    /** The refine tool's result with the experiment's new and previous version numbers. */
    static ObjectNode describe(ObjectNode result, JsonNode refined) {
        if (refined.path("version").isInt()) {
            int version = refined.path("version").asInt();
            result.put("version", version).put("previousVersion", refined.path("previousVersion").asInt(version - 1))
                    .put("note", "version " + version + " of the experiment; version "
                            + refined.path("previousVersion").asInt(version - 1)
                            + " is kept unchanged and undo_refinement returns to it");
        }
        return result;
    }
}
