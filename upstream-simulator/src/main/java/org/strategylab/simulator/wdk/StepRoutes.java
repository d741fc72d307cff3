package org.strategylab.simulator.wdk;

import org.strategylab.simulator.faults.FaultInjector;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.strategylab.simulator.catalog.Answer;
import org.strategylab.simulator.catalog.AttributeSpec;
import org.strategylab.simulator.catalog.RecordType;
import org.strategylab.simulator.catalog.SearchSpec;

/** Datasets, steps, step reports and column distributions. */
final class StepRoutes {

    private static final Set<String> STEP_KEYS = Set.of("searchName", "searchConfig");
    private static final Set<String> STEP_OPTIONAL = Set.of("customName", "expanded", "expandedName", "displayPreferences");
    private static final Set<String> SEARCH_CONFIG_OPTIONAL = Set.of("wdkWeight", "filters", "columnFilters");
    private static final Set<String> PATCH_KEYS = Set.of("customName", "expanded", "expandedName", "displayPreferences");

    private StepRoutes() {
    }

    static void register(Router router, SiteContext site) {
        WdkRoutes.route(router, site, HttpMethod.POST, "/users/:uid/datasets", StepRoutes::createDataset);
        WdkRoutes.route(router, site, HttpMethod.POST, "/users/:uid/steps", StepRoutes::createStep);
        WdkRoutes.route(router, site, HttpMethod.GET, "/users/:uid/steps/:stepId", r -> r.ok(stepJson(r.site.workspace(), r.site.faults(),
                r.site.workspace().step(r.owner(), r.param("stepId")))));
        WdkRoutes.route(router, site, HttpMethod.PATCH, "/users/:uid/steps/:stepId", StepRoutes::patchStep);
        WdkRoutes.route(router, site, HttpMethod.DELETE, "/users/:uid/steps/:stepId", r -> {
            r.site.workspace().deleteStep(r.site.workspace().step(r.owner(), r.param("stepId")));
            r.noContent();
        });
        WdkRoutes.route(router, site, HttpMethod.PUT, "/users/:uid/steps/:stepId/search-config", StepRoutes::putSearchConfig);
        WdkRoutes.route(router, site, HttpMethod.POST, "/users/:uid/steps/:stepId/reports/:reporter", StepRoutes::report);
        WdkRoutes.route(router, site, HttpMethod.POST, "/users/:uid/steps/:stepId/columns/:column/reports/:reporter",
                StepRoutes::columnReport);
    }

    // ------------------------------------------------------------------ datasets

    private static void createDataset(WdkRequest request) {
        User owner = request.owner();
        JsonNode body = request.body();
        JsonShape.object(body, "#", Set.of("sourceType", "sourceContent"), Set.of());
        String type = JsonShape.string(body, "sourceType", "#");
        List<String> ids = new ArrayList<>();
        switch (type == null ? "" : type) {
            case "idList" -> {
                JsonNode content = JsonShape.object(body.get("sourceContent"), "#/sourceContent", Set.of("ids"), Set.of());
                if (!content.get("ids").isArray()) {
                    throw WdkException.badRequest("#/sourceContent/ids: expected type: JSONArray, found: "
                            + JsonShape.typeName(content.get("ids")));
                }
                for (JsonNode id : content.get("ids")) {
                    if (!id.isTextual()) {
                        throw WdkException.badRequest("#/sourceContent/ids: expected type: String, found: " + JsonShape.typeName(id));
                    }
                    if (!id.asText().isBlank()) {
                        ids.add(id.asText().trim());
                    }
                }
            }
            case "strategy" -> {
                JsonNode content = JsonShape.object(body.get("sourceContent"), "#/sourceContent", Set.of("strategyId"), Set.of());
                Strategy strategy = request.site.workspace().strategy(owner, content.get("strategyId").asText());
                Step root = request.site.workspace().stepById(strategy.tree.stepId());
                Answer answer = request.site.workspace().runnableAnswer(root);
                answer.transcripts().stream().map(request.site.workspace().data::geneOf).distinct()
                        .forEach(g -> ids.add(request.site.workspace().data.gene(g).sourceId()));
            }
            case "basket", "file", "url" -> throw WdkException.unprocessable("Dataset source type '" + type
                    + "' is not supported by the simulator; use idList or strategy");
            default -> throw WdkException.badRequest("#/sourceType: " + type + " is not a valid enum value");
        }
        if (ids.isEmpty()) {
            throw WdkException.unprocessable("At least 1 ID must be submitted");
        }
        Dataset dataset = request.site.workspace().createDataset(owner.id(), ids);
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("id", dataset.id());
        request.created(json, request.serviceUrl("/users/" + owner.id() + "/datasets/" + dataset.id()));
    }

    // ------------------------------------------------------------------ steps

    private static void createStep(WdkRequest request) {
        User owner = request.owner();
        JsonNode body = request.body();
        JsonShape.object(body, "#", STEP_KEYS, STEP_OPTIONAL);
        String searchName = JsonShape.string(body, "searchName", "#");
        JsonNode config = JsonShape.object(body.get("searchConfig"), "#/searchConfig", Set.of("parameters"), SEARCH_CONFIG_OPTIONAL);
        Map<String, String> parameters = JsonShape.stringMap(config.get("parameters"), "#/searchConfig/parameters");
        ArrayNode filters = filters(config);
        Long weight = JsonShape.integer(config, "wdkWeight", "#/searchConfig");
        String customName = JsonShape.string(body, "customName", "#");
        Boolean expanded = JsonShape.bool(body, "expanded", "#");
        String expandedName = JsonShape.string(body, "expandedName", "#");
        SearchSpec search = request.site.catalog().search(searchName == null ? "" : searchName)
                .orElseThrow(() -> WdkException.unprocessable(searchName + " is not a valid search name."));
        Step step = request.site.workspace().createStep(owner.id(), search, parameters, filters, config.get("columnFilters"),
                weight == null ? null : weight.intValue());
        synchronized (request.site.workspace()) {
            if (customName != null) {
                step.customName = customName;
            }
            step.expanded = expanded != null && expanded;
            step.expandedName = expandedName;
            if (body.has("displayPreferences")) {
                step.displayPreferences = body.get("displayPreferences");
            }
        }
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("id", step.id);
        request.created(json, request.serviceUrl("/users/" + owner.id() + "/steps/" + step.id));
    }

    private static ArrayNode filters(JsonNode config) {
        JsonNode filters = config.get("filters");
        if (filters == null || filters.isNull()) {
            return null;
        }
        if (!filters.isArray()) {
            throw WdkException.badRequest("#/searchConfig/filters: expected type: JSONArray, found: " + JsonShape.typeName(filters));
        }
        return (ArrayNode) filters;
    }

    private static void patchStep(WdkRequest request) {
        Step step = request.site.workspace().step(request.owner(), request.param("stepId"));
        JsonNode body = request.body();
        JsonShape.object(body, "#", Set.of(), PATCH_KEYS);
        request.site.workspace().patchStep(step, body);
        request.noContent();
    }

    private static void putSearchConfig(WdkRequest request) {
        Step step = request.site.workspace().step(request.owner(), request.param("stepId"));
        JsonNode config = JsonShape.object(request.body(), "#", Set.of("parameters"), SEARCH_CONFIG_OPTIONAL);
        Long weight = JsonShape.integer(config, "wdkWeight", "#");
        request.site.workspace().replaceSearchConfig(step, JsonShape.stringMap(config.get("parameters"), "#/parameters"),
                filters(config), config.get("columnFilters"), weight == null ? null : weight.intValue());
        request.noContent();
    }

    static ObjectNode stepJson(SiteWorkspace workspace, FaultInjector faults, Step step) {
        synchronized (workspace) {
            ObjectNode json = JsonNodeFactory.instance.objectNode();
            json.put("id", step.id);
            json.put("ownerId", step.ownerId);
            json.put("displayName", step.search.displayName());
            json.put("shortDisplayName", step.search.shortDisplayName());
            json.put("customName", step.customName);
            json.put("baseCustomName", step.customName);
            json.put("description", step.search.description());
            json.put("expanded", step.expanded);
            if (step.expandedName == null) {
                json.putNull("expandedName");
            } else {
                json.put("expandedName", step.expandedName);
            }
            json.put("isFiltered", step.filters.size() > 0);
            if (step.strategyId == null) {
                json.putNull("strategyId");
            } else {
                json.put("strategyId", step.strategyId);
            }
            json.put("hasCompleteStepAnalyses", workspace.analyses.values().stream()
                    .anyMatch(a -> a.stepId == step.id && a.status.equals("COMPLETE")));
            json.put("recordClassName", step.search.recordType());
            json.put("searchName", step.search.urlSegment());
            ObjectNode config = json.putObject("searchConfig");
            ObjectNode parameters = config.putObject("parameters");
            step.params.forEach(parameters::put);
            config.set("filters", step.filters);
            config.set("columnFilters", step.columnFilters);
            if (step.wdkWeight != null) {
                config.put("wdkWeight", step.wdkWeight);
            }
            boolean wired = step.search.inputStepParams().stream().allMatch(p -> !step.params.getOrDefault(p.name(), "").isEmpty());
            ObjectNode validation = json.putObject("validation");
            if (faults.searchInvalidated(step.search.urlSegment())) {
                // as after a release changed the search: WDK keeps the step but reports it invalid
                validation.put("level", "SYNTACTIC");
                validation.put("isValid", false);
                ObjectNode errors = validation.putObject("errors");
                errors.putArray("general").add("The search " + step.search.urlSegment()
                        + " has changed since this step was made; revise the step.");
                errors.putObject("byKey");
            } else {
                validation.put("level", wired ? "RUNNABLE" : "SEMANTIC");
                validation.put("isValid", true);
            }
            json.put("createdTime", step.createdTime.toString());
            if (step.lastRunTime == null) {
                json.putNull("lastRunTime");
            } else {
                json.put("lastRunTime", step.lastRunTime.toString());
            }
            json.set("displayPreferences", step.displayPreferences);
            if (step.estimatedSize != null) {
                json.put("estimatedSize", step.estimatedSize);
            }
            return json;
        }
    }

    // ------------------------------------------------------------------ reports

    private static void report(WdkRequest request) {
        Step step = request.site.workspace().step(request.owner(), request.param("stepId"));
        Reports.requireReporter(request.param("reporter"));
        JsonNode body = request.body();
        JsonShape.object(body, "#", Set.of("reportConfig"), Set.of("viewFilters"));
        RecordType recordType = request.site.catalog().recordType(step.search.recordType()).orElseThrow();
        Answer answer = request.site.workspace().runnableAnswer(step);
        Reports.respond(request, request.param("reporter"), recordType, step.search, answer, body.get("reportConfig"),
                body.get("viewFilters"), step);
    }

    private static void columnReport(WdkRequest request) {
        Step step = request.site.workspace().step(request.owner(), request.param("stepId"));
        if (!"byValue".equals(request.param("reporter"))) {
            throw WdkException.notFound("column reporter: " + request.param("reporter"));
        }
        RecordType recordType = request.site.catalog().recordType(step.search.recordType()).orElseThrow();
        String columnName = request.param("column");
        AttributeSpec column = recordType.attribute(columnName)
                .or(() -> step.search.dynamicAttributes().stream().filter(a -> a.name().equals(columnName)).findFirst())
                .orElseThrow(() -> WdkException.notFound("column: " + columnName));
        JsonNode body = request.body();
        JsonShape.object(body, "#", Set.of("reportConfig"), Set.of("viewFilters"));
        Answer answer = request.site.workspace().runnableAnswer(step);
        JsonNode viewFilters = body.get("viewFilters");
        if (viewFilters != null && !viewFilters.isEmpty()) {
            answer = request.site.workspace().applyFilters(recordType, answer, viewFilters);
        }
        request.ok(ColumnDistribution.write(request.site.workspace().data, recordType, step.search, answer, column,
                body.get("reportConfig")));
    }
}
