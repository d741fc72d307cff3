package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;
import org.strategylab.simulator.catalog.Answer;
import org.strategylab.simulator.catalog.RecordType;
import org.strategylab.simulator.catalog.SearchSpec;

/** Runs a reporter over an answer and writes the response in the reporter's format. */
final class Reports {

    static final Set<String> REPORTERS = Set.of("standard", "attributesTabular", "json");

    private Reports() {
    }

    static void requireReporter(String name) {
        if (!REPORTERS.contains(name)) {
            throw WdkException.notFound("reporter: " + name);
        }
    }

    /**
     * @param answer      the result with step filters applied
     * @param viewFilters this report's filters (may be null)
     * @param step        the step whose sort orders may be cached, or null
     */
    static void respond(WdkRequest request, String reporter, RecordType recordType, SearchSpec search, Answer answer,
                        JsonNode reportConfig, JsonNode viewFilters, Step step) {
        requireReporter(reporter);
        ReportConfig parsed = ReportConfig.parse(reportConfig, recordType, search);
        int extra = request.site.faults().reportRecordsBeyondPage();
        // a fault: the site answers more records than the page asked for
        ReportConfig config = extra > 0 && parsed.numRecords() >= 0 && "standard".equals(reporter)
                ? parsed.withNumRecords(parsed.numRecords() + extra) : parsed;
        SiteWorkspace workspace = request.site.workspace();
        Answer view = viewFilters == null || viewFilters.isEmpty() ? answer
                : workspace.applyFilters(recordType, answer, viewFilters);
        int[] order = step != null && view == answer
                ? workspace.sortOrder(step, config.sortingKey(), () -> RecordFormatter.order(workspace.data, recordType,
                        answer.transcripts(), config, search, answer))
                : RecordFormatter.order(workspace.data, recordType, view.transcripts(), config, search, view);
        switch (reporter) {
            case "attributesTabular" -> {
                String body = TabularReporter.write(workspace.data, recordType, search, view, order, config);
                request.ctx.response().putHeader("Content-Disposition", "attachment; filename=\""
                        + recordType.displayNamePlural() + "_Summary." + (TabularReporter.isCsv(config) ? "csv" : "txt") + "\"");
                request.text(200, TabularReporter.contentType(config), body);
            }
            case "json" -> {
                request.ctx.response().putHeader("Content-Disposition", "attachment; filename=\""
                        + recordType.displayNamePlural() + ".json\"");
                request.ok(StandardReporter.write(workspace.data, recordType, search, answer, view, order, config, step != null));
            }
            default -> request.ok(StandardReporter.write(workspace.data, recordType, search, answer, view, order, config,
                    step != null && step.answer != null));
        }
    }
}
