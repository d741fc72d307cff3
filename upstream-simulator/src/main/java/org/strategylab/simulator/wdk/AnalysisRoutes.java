package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.strategylab.simulator.catalog.ParamCheck;
import org.strategylab.simulator.catalog.ParamContext;
import org.strategylab.simulator.catalog.ParamSpec;
import org.strategylab.simulator.faults.AnalysisFirstRun;

/**
 * Step analyses: types, forms with defaults, instances, and the run lifecycle (CREATED, run answers
 * 202, RUNNING while it computes, COMPLETE or ERROR; the result is 204 until there is one).
 */
final class AnalysisRoutes {

    private static final Logger LOG = Logger.getLogger(AnalysisRoutes.class.getName());
    private static final String BASE = "/users/:uid/steps/:stepId";

    private AnalysisRoutes() {
    }

    static void register(Router router, SiteContext site) {
        WdkRoutes.route(router, site, HttpMethod.GET, BASE + "/analysis-types", AnalysisRoutes::types);
        WdkRoutes.route(router, site, HttpMethod.GET, BASE + "/analysis-types/:name", AnalysisRoutes::form);
        WdkRoutes.route(router, site, HttpMethod.GET, BASE + "/analyses", AnalysisRoutes::list);
        WdkRoutes.route(router, site, HttpMethod.POST, BASE + "/analyses", AnalysisRoutes::create);
        WdkRoutes.route(router, site, HttpMethod.GET, BASE + "/analyses/:aid", r -> r.ok(instanceJson(r, instance(r))));
        WdkRoutes.route(router, site, HttpMethod.PATCH, BASE + "/analyses/:aid", AnalysisRoutes::patch);
        WdkRoutes.route(router, site, HttpMethod.DELETE, BASE + "/analyses/:aid", r -> {
            AnalysisInstance instance = instance(r);
            synchronized (r.site.workspace()) {
                r.site.workspace().analyses.remove(instance.id);
            }
            r.noContent();
        });
        WdkRoutes.route(router, site, HttpMethod.POST, BASE + "/analyses/:aid/result", AnalysisRoutes::run);
        WdkRoutes.route(router, site, HttpMethod.GET, BASE + "/analyses/:aid/result/status", r -> {
            AnalysisInstance instance = instance(r);
            synchronized (r.site.workspace()) {
                r.ok(JsonNodeFactory.instance.objectNode().put("status", instance.status));
            }
        });
        WdkRoutes.route(router, site, HttpMethod.GET, BASE + "/analyses/:aid/result", AnalysisRoutes::result);
    }

    private static Step step(WdkRequest request) {
        return request.site.workspace().step(request.owner(), request.param("stepId"));
    }

    private static AnalysisPlugin.AnalysisInput input(WdkRequest request, Step step) {
        SiteWorkspace workspace = request.site.workspace();
        return new AnalysisPlugin.AnalysisInput(workspace.data, workspace.data.genesOfTranscripts(
                workspace.runnableAnswer(step).transcripts()));
    }

    private static void types(WdkRequest request) {
        input(request, step(request));
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (AnalysisPlugin plugin : AnalysisPlugins.ALL) {
            ObjectNode type = describe(plugin);
            ArrayNode names = type.putArray("paramNames");
            plugin.form().apply(new AnalysisPlugin.AnalysisInput(request.site.workspace().data, new java.util.BitSet()))
                    .forEach(p -> names.add(p.name()));
            array.add(type);
        }
        request.ok(array);
    }

    private static ObjectNode describe(AnalysisPlugin plugin) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("name", plugin.name());
        json.put("displayName", plugin.displayName());
        json.put("shortDescription", plugin.shortDescription());
        json.put("description", plugin.description());
        json.put("releaseVersion", "68");
        json.putNull("customThumbnail");
        json.put("isCacheable", true);
        ParamSpec.addDefaultGroup(json.putArray("groups"));
        return json;
    }

    private static void form(WdkRequest request) {
        Step step = step(request);
        AnalysisPlugin plugin = plugin(request.param("name"), true);
        AnalysisPlugin.AnalysisInput input = input(request, step);
        List<ParamSpec> form = plugin.form().apply(input);
        ParamContext context = new ParamContext(input.data(), new HashMap<>(), ParamContext.DatasetLookup.NONE);
        ObjectNode searchData = describe(plugin);
        ArrayNode groupParams = ((ObjectNode) searchData.get("groups").get(0)).putArray("parameters");
        ArrayNode names = searchData.putArray("paramNames");
        ArrayNode parameters = searchData.putArray("parameters");
        for (ParamSpec param : form) {
            parameters.add(param.describe(context, List.of()));
            names.add(param.name());
            groupParams.add(param.name());
        }
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.set("searchData", searchData);
        json.set("validation", ValidationBundle.valid("DISPLAYABLE"));
        request.ok(json);
    }

    private static AnalysisPlugin plugin(String name, boolean notFound) {
        AnalysisPlugin plugin = AnalysisPlugins.find(name);
        if (plugin == null) {
            throw notFound ? WdkException.notFound("analysis type: " + name)
                    : WdkException.unprocessable("'" + name + "' is not a valid analysis name for this step.");
        }
        return plugin;
    }

    private static void list(WdkRequest request) {
        Step step = step(request);
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        synchronized (request.site.workspace()) {
            request.site.workspace().analyses.values().stream().filter(a -> a.stepId == step.id).forEach(a -> {
                ObjectNode item = array.addObject();
                item.put("analysisId", a.id);
                item.put("displayName", a.displayName);
            });
        }
        request.ok(array);
    }

    /** Validates every form param: WDK fills no defaults here, so each must be sent. */
    private static Map<String, String> validate(AnalysisPlugin plugin, AnalysisPlugin.AnalysisInput input, Map<String, String> raw) {
        List<ParamSpec> form = plugin.form().apply(input);
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, List<String>> errors = new LinkedHashMap<>();
        ParamContext context = new ParamContext(input.data(), raw, ParamContext.DatasetLookup.NONE);
        for (String key : raw.keySet()) {
            if (form.stream().noneMatch(p -> p.name().equals(key))) {
                errors.put(key, List.of("'" + key + "' is not a parameter of analysis " + plugin.name()));
            }
        }
        for (ParamSpec param : form) {
            String value = raw.get(param.name());
            if (value == null) {
                errors.put(param.name(), List.of("Required value is missing"));
                continue;
            }
            ParamCheck check = param.validate(value, context);
            if (!check.isValid()) {
                errors.put(param.name(), List.of(check.error()));
            } else {
                values.put(param.name(), check.value());
            }
        }
        if (values.containsKey("pValueCutoff") && Double.parseDouble(values.get("pValueCutoff")) <= 0) {
            errors.put("pValueCutoff", List.of("The P-value cutoff must be greater than 0 and at most 1"));
        }
        if (!errors.isEmpty()) {
            throw WdkException.unprocessable(new ArrayList<>(), errors);
        }
        plugin.compute().apply(input, values); // plugin-level validation: 422 when the result cannot be analysed
        return values;
    }

    private static void create(WdkRequest request) {
        Step step = step(request);
        JsonNode body = request.body();
        JsonShape.object(body, "#", Set.of("analysisName", "parameters"), Set.of("displayName"));
        String name = JsonShape.string(body, "analysisName", "#");
        AnalysisPlugin plugin = plugin(name, false);
        Map<String, String> values = validate(plugin, input(request, step),
                JsonShape.stringMap(body.get("parameters"), "#/parameters"));
        String displayName = JsonShape.string(body, "displayName", "#");
        AnalysisInstance instance;
        synchronized (request.site.workspace()) {
            instance = new AnalysisInstance(request.site.workspace().ids().analyses.getAndIncrement(), step.id, plugin.name(),
                    displayName == null ? plugin.displayName() : displayName, values);
            request.site.workspace().analyses.put(instance.id, instance);
        }
        request.ok(instanceJson(request, instance));
    }

    private static AnalysisInstance instance(WdkRequest request) {
        Step step = step(request);
        synchronized (request.site.workspace()) {
            AnalysisInstance instance = SiteWorkspace.parseId(request.param("aid"))
                    .map(request.site.workspace().analyses::get).orElse(null);
            if (instance == null || instance.stepId != step.id) {
                throw WdkException.notFound("analysis ID " + request.param("aid"));
            }
            return instance;
        }
    }

    private static ObjectNode instanceJson(WdkRequest request, AnalysisInstance instance) {
        AnalysisPlugin plugin = AnalysisPlugins.find(instance.analysisName);
        synchronized (request.site.workspace()) {
            ObjectNode json = JsonNodeFactory.instance.objectNode();
            json.put("analysisId", instance.id);
            json.put("stepId", instance.stepId);
            json.put("analysisName", instance.analysisName);
            json.put("displayName", instance.displayName);
            json.put("shortDescription", plugin.shortDescription());
            json.put("description", plugin.description());
            if (instance.userNotes == null) {
                json.putNull("userNotes");
            } else {
                json.put("userNotes", instance.userNotes);
            }
            json.put("status", instance.status);
            ObjectNode parameters = json.putObject("parameters");
            instance.parameters.forEach(parameters::put);
            json.set("validation", ValidationBundle.valid("RUNNABLE"));
            return json;
        }
    }

    private static void patch(WdkRequest request) {
        Step step = step(request);
        AnalysisInstance instance = instance(request);
        JsonNode body = request.body();
        JsonShape.object(body, "#", Set.of(), Set.of("parameters", "displayName", "userNotes"));
        Map<String, String> values = body.has("parameters")
                ? validate(AnalysisPlugins.find(instance.analysisName), input(request, step),
                JsonShape.stringMap(body.get("parameters"), "#/parameters")) : null;
        synchronized (request.site.workspace()) {
            if (values != null) {
                instance.parameters = values;
                instance.status = "CREATED";
                instance.result = null;
                instance.runToken++;
            }
            if (body.has("displayName")) {
                instance.displayName = JsonShape.string(body, "displayName", "#");
            }
            if (body.has("userNotes")) {
                instance.userNotes = JsonShape.string(body, "userNotes", "#");
            }
        }
        request.noContent();
    }

    private static void run(WdkRequest request) {
        Step step = step(request);
        AnalysisInstance instance = instance(request);
        AnalysisPlugin.AnalysisInput input = input(request, step);
        SiteWorkspace workspace = request.site.workspace();
        long token;
        boolean fail;
        synchronized (workspace) {
            if (instance.status.equals("RUNNING") || instance.status.equals("PENDING") || instance.status.equals("COMPLETE")) {
                request.json(202, JsonNodeFactory.instance.objectNode().put("status", instance.status));
                return;
            }
            if (instance.ignoredRuns < request.site.faults().analysisIgnoredRuns()) {
                // injected: the run request is acknowledged, but WDK has not registered it (still CREATED)
                instance.ignoredRuns++;
                request.json(202, JsonNodeFactory.instance.objectNode().put("status", instance.status));
                return;
            }
            instance.runs++;
            token = ++instance.runToken;
            instance.status = "RUNNING";
            instance.result = null;
            AnalysisFirstRun mode = request.site.faults().analysisFirstRun();
            fail = instance.runs <= request.site.faults().analysisFailingRuns()
                    || (instance.runs == 1 && (mode == AnalysisFirstRun.ERRORS
                    || (mode == AnalysisFirstRun.ERRORS_ON_COMBINED_STEPS && step.search.isBoolean())));
        }
        Map<String, String> params = instance.parameters;
        AnalysisPlugin plugin = AnalysisPlugins.find(instance.analysisName);
        long delay = Math.max(1, request.site.faults().analysisRunTimeMs());
        request.site.vertx().setTimer(delay, id -> request.site.vertx().<ObjectNode>executeBlocking(() -> {
            if (fail) {
                throw new IllegalStateException("injected first-run failure");
            }
            return plugin.compute().apply(input, params);
        }, false).onComplete(outcome -> {
            synchronized (workspace) {
                if (instance.runToken != token) {
                    return; // superseded by a newer run or a parameter change
                }
                if (outcome.succeeded()) {
                    instance.status = "COMPLETE";
                    instance.result = outcome.result();
                } else {
                    if (!fail) {
                        LOG.log(Level.WARNING, "Analysis " + instance.id + " failed", outcome.cause());
                    }
                    instance.status = "ERROR";
                }
            }
        }));
        request.json(202, JsonNodeFactory.instance.objectNode().put("status", "RUNNING"));
    }

    private static void result(WdkRequest request) {
        AnalysisInstance instance = instance(request);
        ObjectNode json;
        synchronized (request.site.workspace()) {
            if (!instance.status.equals("COMPLETE") || instance.result == null
                    || request.site.faults().analysisResultWithheld()) {
                request.noContent();
                return;
            }
            json = (ObjectNode) instance.result.deepCopy();
        }
        String base = "/users/" + request.user.id() + "/steps/" + instance.stepId + "/analyses/" + instance.id;
        json.put("contextHash", Integer.toHexString((instance.analysisName + instance.parameters + instance.stepId).hashCode()));
        json.put("accessToken", Long.toHexString(instance.id * 2654435761L));
        json.put("downloadUrl", request.serviceUrl(base + "/resources"));
        json.put("propertiesUrl", request.serviceUrl(base + "/properties"));
        request.ok(json);
    }
}
