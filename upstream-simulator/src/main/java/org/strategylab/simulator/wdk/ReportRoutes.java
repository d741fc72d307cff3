package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import java.util.Map;
import java.util.Set;
import org.strategylab.simulator.catalog.Answer;
import org.strategylab.simulator.catalog.ParamValidation;
import org.strategylab.simulator.catalog.RecordType;
import org.strategylab.simulator.catalog.SearchEvaluator;
import org.strategylab.simulator.catalog.SearchSpec;

/** Anonymous search reports and temporary results. */
final class ReportRoutes {

    private ReportRoutes() {
    }

    static void register(Router router, SiteContext site) {
        WdkRoutes.route(router, site, HttpMethod.POST, "/record-types/:rt/searches/:search/reports/:reporter", ReportRoutes::anonymous);
        WdkRoutes.route(router, site, HttpMethod.POST, "/temporary-results", ReportRoutes::createTemporary);
        WdkRoutes.route(router, site, HttpMethod.GET, "/temporary-results/:id", ReportRoutes::downloadTemporary);
    }

    /** Runs a search without a step: its params must be complete and it may not have input steps. */
    static Answer runAnonymous(WdkRequest request, SearchSpec search, JsonNode searchConfig) {
        JsonShape.object(searchConfig, "#/searchConfig", Set.of("parameters"), Set.of("wdkWeight", "filters", "columnFilters"));
        Map<String, String> raw = JsonShape.stringMap(searchConfig.get("parameters"), "#/searchConfig/parameters");
        if (!search.inputStepParams().isEmpty()) {
            throw WdkException.unprocessable("Search " + search.urlSegment()
                    + " takes input steps and cannot be run without a strategy.");
        }
        SiteWorkspace workspace = request.site.workspace();
        ParamValidation validation = search.validate(raw, workspace.contextFor(request.user.id(), raw));
        if (!validation.isValid()) {
            throw WdkException.unprocessable(validation.general(), validation.byKey());
        }
        Answer answer = search.evaluator().evaluate(new SearchEvaluator.Run(workspace.data, validation.values(), Map.of(),
                workspace.contextFor(request.user.id(), validation.values())));
        RecordType recordType = request.site.catalog().recordType(search.recordType()).orElseThrow();
        return workspace.applyFilters(recordType, answer, searchConfig.get("filters"));
    }

    private static void anonymous(WdkRequest request) {
        RecordType recordType = CatalogRoutes.recordTypeOf(request);
        SearchSpec search = CatalogRoutes.searchOf(request, recordType);
        Reports.requireReporter(request.param("reporter"));
        JsonNode body = request.body();
        JsonShape.object(body, "#", Set.of("searchConfig", "reportConfig"), Set.of("viewFilters"));
        Answer answer = runAnonymous(request, search, body.get("searchConfig"));
        Reports.respond(request, request.param("reporter"), recordType, search, answer, body.get("reportConfig"),
                body.get("viewFilters"), null);
    }

    private static void createTemporary(WdkRequest request) {
        JsonNode body = request.body();
        SiteWorkspace workspace = request.site.workspace();
        SearchSpec search;
        Answer answer;
        if (body.isObject() && body.has("stepId")) {
            JsonShape.object(body, "#", Set.of("stepId", "reportName", "reportConfig"), Set.of());
            Step step = workspace.step(request.user, body.get("stepId").asText());
            search = step.search;
            answer = workspace.runnableAnswer(step);
        } else {
            JsonShape.object(body, "#", Set.of("searchName", "searchConfig", "reportName", "reportConfig"), Set.of());
            String name = JsonShape.string(body, "searchName", "#");
            search = request.site.catalog().search(name == null ? "" : name)
                    .orElseThrow(() -> WdkException.unprocessable(name + " is not a valid search name."));
            answer = runAnonymous(request, search, body.get("searchConfig"));
        }
        String reporter = JsonShape.string(body, "reportName", "#");
        if (reporter == null || !Reports.REPORTERS.contains(reporter)) {
            throw WdkException.unprocessable("'" + reporter + "' is not a valid reporter name");
        }
        RecordType recordType = request.site.catalog().recordType(search.recordType()).orElseThrow();
        ReportConfig.parse(body.get("reportConfig"), recordType, search); // fail now, not at download
        TemporaryResult result = workspace.addTemporaryResult(reporter, body.get("reportConfig"), recordType, search, answer);
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("id", result.id());
        request.created(json, request.serviceUrl("/temporary-results/" + result.id()));
    }

    private static void downloadTemporary(WdkRequest request) {
        TemporaryResult result = request.site.workspace().temporaryResult(request.param("id"));
        Reports.respond(request, result.reporter(), result.recordType(), result.search(), result.answer(),
                result.reportConfig(), null, null);
    }
}
