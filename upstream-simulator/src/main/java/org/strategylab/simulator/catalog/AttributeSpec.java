package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.function.BiFunction;

/**
 * A record attribute.
 *
 * @param type     {@code string} or {@code number}; numbers sort numerically and get binned distributions
 * @param columnTool whether the byValue column reporter supports it
 * @param reader   the value for a record; the boolean asks for display format (HTML allowed) rather than text
 */
public record AttributeSpec(String name, String displayName, String type, boolean columnTool,
                            BiFunction<RecordRef, Boolean, String> reader) {

    public static AttributeSpec text(String name, String displayName, java.util.function.Function<RecordRef, String> reader) {
        return new AttributeSpec(name, displayName, "string", true, (r, display) -> reader.apply(r));
    }

    public static AttributeSpec number(String name, String displayName, java.util.function.Function<RecordRef, String> reader) {
        return new AttributeSpec(name, displayName, "number", true, (r, display) -> reader.apply(r));
    }

    public boolean isNumber() {
        return "number".equals(type);
    }

    /** The attribute field object WDK lists in record types and searches. */
    public ObjectNode describe() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("name", name);
        node.put("displayName", displayName);
        node.put("help", "");
        node.put("align", isNumber() ? "right" : "left");
        node.put("isSortable", true);
        node.put("isRemovable", !name.equals("primary_key"));
        node.put("isDisplayable", true);
        node.put("type", type);
        node.putNull("truncateTo");
        com.fasterxml.jackson.databind.node.ArrayNode tools = node.putArray("toolNames");
        if (columnTool) {
            tools.add("byValue");
        }
        node.putObject("properties");
        return node;
    }
}
