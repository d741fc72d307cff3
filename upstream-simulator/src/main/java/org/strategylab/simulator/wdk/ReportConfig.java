package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.strategylab.simulator.catalog.AttributeSpec;
import org.strategylab.simulator.catalog.RecordType;
import org.strategylab.simulator.catalog.SearchSpec;

/**
 * A parsed {@code reportConfig} of the standard (and tabular) reporters, with WDK's defaults: absent
 * pagination = all records, absent attributes = none, absent sorting = the search's default.
 */
record ReportConfig(List<AttributeSpec> attributes, List<String> tables, int offset, int numRecords,
                    List<SortKey> sorting, boolean displayFormat, boolean includeHeader, String attachmentType) {

    record SortKey(AttributeSpec attribute, boolean ascending) {
    }

    /** The same configuration with another page size. */
    ReportConfig withNumRecords(int records) {
        return new ReportConfig(attributes, tables, offset, records, sorting, displayFormat, includeHeader, attachmentType);
    }

    private static final Set<String> KEYS = Set.of("pagination", "attributes", "tables", "sorting", "attributeFormat",
            "contentDisposition", "bufferEntireResponse", "includeEmptyTables", "includeHeader", "attachmentType");

    static ReportConfig parse(JsonNode config, RecordType recordType, SearchSpec search) {
        JsonShape.object(config, "#/reportConfig", Set.of(), KEYS);
        List<AttributeSpec> available = new ArrayList<>(recordType.attributes());
        if (search != null) {
            available.addAll(search.dynamicAttributes());
        }
        List<AttributeSpec> attributes = new ArrayList<>();
        JsonNode requested = config.get("attributes");
        if (requested != null && requested.isTextual()) {
            switch (requested.asText()) {
                case "__ALL_ATTRIBUTES__" -> attributes.addAll(available);
                case "__DEFAULT_ATTRIBUTES__" -> {
                    List<String> defaults = search == null ? List.of("primary_key") : search.defaultAttributes();
                    defaults.forEach(n -> attributes.add(find(available, n)));
                }
                default -> throw WdkException.badRequest("#/reportConfig/attributes: '" + requested.asText()
                        + "' is not an array or a special value");
            }
        } else if (requested != null && requested.isArray()) {
            for (JsonNode name : requested) {
                attributes.add(find(available, name.asText()));
            }
        } else if (requested != null && !requested.isNull()) {
            throw WdkException.badRequest("#/reportConfig/attributes: expected type: JSONArray, found: " + JsonShape.typeName(requested));
        }
        List<String> tables = new ArrayList<>();
        JsonNode requestedTables = config.get("tables");
        if (requestedTables != null && requestedTables.isTextual() && requestedTables.asText().equals("__ALL_TABLES__")) {
            recordType.tables().forEach(t -> tables.add(t.name()));
        } else if (requestedTables != null && requestedTables.isArray()) {
            for (JsonNode name : requestedTables) {
                if (recordType.table(name.asText()).isEmpty()) {
                    throw WdkException.unprocessable("Table '" + name.asText() + "' is not a table of record class "
                            + recordType.urlSegment());
                }
                tables.add(name.asText());
            }
        }
        int offset = 0;
        int numRecords = -1;
        JsonNode pagination = config.get("pagination");
        if (pagination != null) {
            JsonShape.object(pagination, "#/reportConfig/pagination", Set.of("offset", "numRecords"), Set.of());
            Long o = JsonShape.integer(pagination, "offset", "#/reportConfig/pagination");
            Long n = JsonShape.integer(pagination, "numRecords", "#/reportConfig/pagination");
            if (o == null || o < 0) {
                throw WdkException.badRequest("#/reportConfig/pagination/offset: must be a non-negative integer");
            }
            offset = (int) Math.min(Integer.MAX_VALUE, o);
            numRecords = n == null ? -1 : (int) Math.max(-1, Math.min(Integer.MAX_VALUE, n));
        }
        List<SortKey> sorting = new ArrayList<>();
        JsonNode sortingJson = config.get("sorting");
        if (sortingJson != null && sortingJson.isArray()) {
            for (JsonNode key : sortingJson) {
                JsonShape.object(key, "#/reportConfig/sorting", Set.of("attributeName", "direction"), Set.of());
                String direction = key.get("direction").asText();
                if (!direction.equals("ASC") && !direction.equals("DESC")) {
                    throw WdkException.badRequest("#/reportConfig/sorting/direction: " + direction + " is not a valid enum value");
                }
                sorting.add(new SortKey(find(available, key.get("attributeName").asText()), direction.equals("ASC")));
            }
        }
        boolean display = !"text".equals(config.path("attributeFormat").asText("display"));
        boolean includeHeader = config.path("includeHeader").asBoolean(true);
        String attachmentType = config.path("attachmentType").asText("plain");
        return new ReportConfig(attributes, tables, offset, numRecords, sorting, display, includeHeader, attachmentType);
    }

    private static AttributeSpec find(List<AttributeSpec> available, String name) {
        return available.stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow(() ->
                WdkException.unprocessable("Attribute '" + name + "' is not a valid attribute for this result"));
    }

    /** Whether the sorting is the search's default (the data's natural order), so no sort is needed. */
    boolean naturalOrder() {
        if (sorting.isEmpty()) {
            return true;
        }
        String first = sorting.get(0).attribute().name();
        boolean ascending = sorting.stream().allMatch(SortKey::ascending);
        return ascending && first.equals("organism")
                && (sorting.size() == 1 || sorting.get(1).attribute().name().equals("gene_location_text"));
    }

    String sortingKey() {
        StringBuilder key = new StringBuilder();
        sorting.forEach(s -> key.append(s.attribute().name()).append(s.ascending() ? "+" : "-").append(','));
        return key.toString();
    }
}
