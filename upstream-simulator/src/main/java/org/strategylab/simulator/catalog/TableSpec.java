package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A record table: rows of named string values. */
public record TableSpec(String name, String displayName, List<String> columns, Function<RecordRef, List<Map<String, String>>> rows) {

    public ObjectNode describe() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("name", name);
        node.put("displayName", displayName);
        node.put("help", "");
        node.put("type", "table");
        node.put("isDisplayable", true);
        ArrayNode attributes = node.putArray("attributes");
        for (String column : columns) {
            ObjectNode a = attributes.addObject();
            a.put("name", column);
            a.put("displayName", column);
            a.put("type", "string");
        }
        node.putObject("properties");
        return node;
    }
}
