package org.strategylab.simulator.wdk;

import java.util.List;
import org.strategylab.simulator.catalog.Answer;
import org.strategylab.simulator.catalog.AttributeSpec;
import org.strategylab.simulator.catalog.RecordRef;
import org.strategylab.simulator.catalog.RecordType;
import org.strategylab.simulator.catalog.SearchSpec;
import org.strategylab.simulator.data.SiteData;

/**
 * WDK's {@code attributesTabular} reporter: one row per record with the requested attributes (text
 * format), tab-separated for {@code attachmentType} text/plain and comma-separated (quoted) for csv.
 */
final class TabularReporter {

    private TabularReporter() {
    }

    static boolean isCsv(ReportConfig config) {
        return "csv".equals(config.attachmentType());
    }

    static String contentType(ReportConfig config) {
        return isCsv(config) ? "text/csv" : "text/plain";
    }

    static String write(SiteData data, RecordType recordType, SearchSpec search, Answer answer, int[] order, ReportConfig config) {
        boolean csv = isCsv(config);
        String separator = csv ? "," : "\t";
        List<AttributeSpec> attributes = config.attributes().isEmpty()
                ? List.of(recordType.attribute("primary_key").orElseThrow()) : config.attributes();
        StringBuilder out = new StringBuilder();
        if (config.includeHeader()) {
            for (int i = 0; i < attributes.size(); i++) {
                out.append(i == 0 ? "" : separator).append(cell(attributes.get(i).displayName(), csv));
            }
            out.append('\n');
        }
        int end = config.numRecords() < 0 ? order.length : (int) Math.min(order.length, (long) config.offset() + config.numRecords());
        for (int r = config.offset(); r < end; r++) {
            RecordRef record = RecordFormatter.ref(data, recordType, order[r]);
            for (int i = 0; i < attributes.size(); i++) {
                String value = RecordFormatter.value(attributes.get(i), record, search, answer, false);
                out.append(i == 0 ? "" : separator).append(cell(value == null ? "N/A" : value, csv));
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String cell(String value, boolean csv) {
        if (!csv) {
            return value.replace('\t', ' ').replace('\n', ' ');
        }
        if (value.contains(",") || value.contains("\"") || value.contains("\n")) {
            return "\"" + value.replace("\"", "\"\"") + "\"";
        }
        return value;
    }
}
