package org.strategylab.upstream.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collection;
import java.util.Map;

/** Small builders for WDK request bodies. */
public final class WdkJson {

    private WdkJson() {
    }

    /** A new empty object. */
    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** A new empty array. */
    public static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }

    /** An array of strings. */
    public static ArrayNode strings(Collection<String> values) {
        ArrayNode array = array();
        values.forEach(array::add);
        return array;
    }

    /** WDK's {@code string-string-map}: every parameter value is a JSON string. */
    public static ObjectNode stringMap(Map<String, String> values) {
        ObjectNode object = object();
        values.forEach(object::put);
        return object;
    }

    /** {@code {pagination:{offset, numRecords}, attributes, sorting?}}: a report page. */
    public static ObjectNode reportConfig(int offset, int numRecords, Collection<String> attributes,
                                          String sortAttribute, String direction) {
        ObjectNode config = object();
        config.putObject("pagination").put("offset", offset).put("numRecords", numRecords);
        config.set("attributes", strings(attributes));
        if (sortAttribute != null) {
            config.putArray("sorting").addObject().put("attributeName", sortAttribute).put("direction", direction);
        }
        return config;
    }

    /** {@code [{name:"representativeTranscriptOnly", value:{}}]}: one transcript per gene. */
    public static ArrayNode representativeTranscriptOnly() {
        ArrayNode filters = array();
        filters.addObject().put("name", "representativeTranscriptOnly").putObject("value");
        return filters;
    }

    /** Whether a JSON value is a non-null text. */
    public static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }
}
