package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.strategylab.simulator.catalog.Answer;
import org.strategylab.simulator.catalog.RecordType;
import org.strategylab.simulator.catalog.SearchSpec;
import org.strategylab.simulator.data.SiteData;

/** WDK's {@code standard} JSON reporter: {@code {records:[...], meta:{totalCount, displayTotalCount, ...}}}. */
final class StandardReporter {

    private StandardReporter() {
    }

    /**
     * @param answer     the result (step filters applied)
     * @param viewAnswer the result after this report's viewFilters
     * @param order      record indexes of viewAnswer in report order
     */
    static ObjectNode write(SiteData data, RecordType recordType, SearchSpec search, Answer answer, Answer viewAnswer,
                            int[] order, ReportConfig config, boolean cached) {
        ObjectNode report = JsonNodeFactory.instance.objectNode();
        ArrayNode records = report.putArray("records");
        int end = config.numRecords() < 0 ? order.length : (int) Math.min(order.length, (long) config.offset() + config.numRecords());
        for (int i = config.offset(); i < end; i++) {
            records.add(RecordFormatter.record(recordType, RecordFormatter.ref(data, recordType, order[i]),
                    config.attributes(), config.tables(), search, viewAnswer, config.displayFormat()));
        }
        ObjectNode meta = report.putObject("meta");
        meta.put("recordClassName", recordType.urlSegment());
        meta.put("totalCount", answer.size());
        meta.put("displayTotalCount", displayCount(data, recordType, answer));
        meta.put("viewTotalCount", viewAnswer.size());
        meta.put("displayViewTotalCount", displayCount(data, recordType, viewAnswer));
        meta.put("responseCount", records.size());
        ObjectNode pagination = meta.putObject("pagination");
        pagination.put("offset", config.offset());
        pagination.put("numRecords", config.numRecords());
        ArrayNode attributes = meta.putArray("attributes");
        config.attributes().forEach(a -> attributes.add(a.name()));
        ArrayNode tables = meta.putArray("tables");
        config.tables().forEach(tables::add);
        ArrayNode sorting = meta.putArray("sorting");
        if (config.sorting().isEmpty()) {
            sorting.addObject().put("attributeName", "organism").put("direction", "ASC");
            sorting.addObject().put("attributeName", "gene_location_text").put("direction", "ASC");
        } else {
            config.sorting().forEach(s -> sorting.addObject().put("attributeName", s.attribute().name())
                    .put("direction", s.ascending() ? "ASC" : "DESC"));
        }
        meta.put("cachePreviouslyExisted", cached);
        return report;
    }

    /** For transcripts: the number of genes (WDK's result-size query of the record class). */
    static int displayCount(SiteData data, RecordType recordType, Answer answer) {
        return recordType.transcriptLevel() ? answer.geneCount(data) : answer.size();
    }
}
