package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.strategylab.simulator.catalog.Answer;
import org.strategylab.simulator.catalog.AttributeSpec;
import org.strategylab.simulator.catalog.RecordRef;
import org.strategylab.simulator.catalog.RecordType;
import org.strategylab.simulator.catalog.SearchSpec;
import org.strategylab.simulator.catalog.TableSpec;
import org.strategylab.simulator.data.Gene;
import org.strategylab.simulator.data.SiteData;

/** Formats records as WDK's record formatter does, and orders them for sorting. */
final class RecordFormatter {

    private RecordFormatter() {
    }

    static RecordRef ref(SiteData data, RecordType recordType, int index) {
        return recordType.transcriptLevel() ? new RecordRef(data, data.geneOf(index), index) : new RecordRef(data, index, -1);
    }

    /** An attribute's value: dynamic attributes come from the answer, the others from the record. */
    static String value(AttributeSpec attribute, RecordRef record, SearchSpec search, Answer answer, boolean display) {
        if (search != null && answer != null && search.dynamicAttributes().contains(attribute)) {
            return answer.dynamicValue(attribute.name(), record.transcript());
        }
        return attribute.reader().apply(record, display);
    }

    /** The record JSON: {@code {id, displayName, recordClassName, attributes, tables, tableErrors}}. */
    static ObjectNode record(RecordType recordType, RecordRef record, List<AttributeSpec> attributes, List<String> tables,
                             SearchSpec search, Answer answer, boolean display) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        Gene gene = record.geneRecord();
        ArrayNode id = json.putArray("id");
        if (recordType.transcriptLevel()) {
            id.addObject().put("name", "gene_source_id").put("value", gene.sourceId());
            id.addObject().put("name", "source_id").put("value", record.data().transcriptId(record.transcript()));
        } else {
            id.addObject().put("name", "source_id").put("value", gene.sourceId());
        }
        id.addObject().put("name", "project_id").put("value", gene.organism().projectId());
        json.put("displayName", recordType.transcriptLevel() ? record.data().transcriptId(record.transcript()) : gene.sourceId());
        json.put("recordClassName", recordType.fullName());
        ObjectNode values = json.putObject("attributes");
        for (AttributeSpec attribute : attributes) {
            String value = value(attribute, record, search, answer, display);
            if (value == null) {
                values.putNull(attribute.name());
            } else {
                values.put(attribute.name(), value);
            }
        }
        ObjectNode tableValues = json.putObject("tables");
        for (String name : tables) {
            TableSpec table = recordType.table(name).orElseThrow();
            ArrayNode rows = tableValues.putArray(name);
            for (Map<String, String> row : table.rows().apply(record)) {
                ObjectNode r = rows.addObject();
                row.forEach((k, v) -> {
                    if (v == null) {
                        r.putNull(k);
                    } else {
                        r.put(k, v);
                    }
                });
            }
        }
        json.putArray("tableErrors");
        return json;
    }

    /** Record indexes in report order. */
    static int[] order(SiteData data, RecordType recordType, java.util.BitSet records, ReportConfig config,
                       SearchSpec search, Answer answer) {
        int[] natural = records.stream().toArray();
        if (config.naturalOrder()) {
            return natural;
        }
        Comparator<Integer> comparator = null;
        for (ReportConfig.SortKey key : config.sorting()) {
            Comparator<Integer> next = keyComparator(data, recordType, key.attribute(), search, answer);
            if (!key.ascending()) {
                next = next.reversed();
            }
            comparator = comparator == null ? next : comparator.thenComparing(next);
        }
        Integer[] boxed = new Integer[natural.length];
        for (int i = 0; i < natural.length; i++) {
            boxed[i] = natural[i];
        }
        java.util.Arrays.sort(boxed, comparator.thenComparing(Comparator.naturalOrder()));
        int[] sorted = new int[boxed.length];
        for (int i = 0; i < boxed.length; i++) {
            sorted[i] = boxed[i];
        }
        return sorted;
    }

    private static Comparator<Integer> keyComparator(SiteData data, RecordType recordType, AttributeSpec attribute,
                                                     SearchSpec search, Answer answer) {
        if (attribute.name().equals("gene_location_text")) {
            return (a, b) -> SiteData.LOCATION_ORDER.compare(ref(data, recordType, a).geneRecord(), ref(data, recordType, b).geneRecord());
        }
        if (attribute.isNumber()) {
            return Comparator.comparing(i -> number(value(attribute, ref(data, recordType, i), search, answer, false)),
                    Comparator.nullsLast(Comparator.naturalOrder()));
        }
        return Comparator.comparing(i -> value(attribute, ref(data, recordType, i), search, answer, false),
                Comparator.nullsLast(String.CASE_INSENSITIVE_ORDER));
    }

    static Double number(String value) {
        if (value == null) {
            return null;
        }
        try {
            return Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
