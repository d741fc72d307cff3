package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import java.util.Set;

/** Strategies: create (or copy), list, get, patch, replace the step tree, soft delete. */
final class StrategyRoutes {

    private static final Set<String> CREATE_REQUIRED = Set.of("name", "isSaved", "isPublic", "stepTree");
    private static final Set<String> CREATE_OPTIONAL = Set.of("description", "savedName");
    private static final Set<String> PATCH_KEYS = Set.of("name", "savedName", "isSaved", "isPublic", "description", "overwriteWith");

    private StrategyRoutes() {
    }

    static void register(Router router, SiteContext site) {
        WdkRoutes.route(router, site, HttpMethod.POST, "/users/:uid/strategies", StrategyRoutes::create);
        WdkRoutes.route(router, site, HttpMethod.GET, "/users/:uid/strategies", StrategyRoutes::list);
        WdkRoutes.route(router, site, HttpMethod.GET, "/users/:uid/strategies/:strategyId", StrategyRoutes::get);
        WdkRoutes.route(router, site, HttpMethod.PATCH, "/users/:uid/strategies/:strategyId", StrategyRoutes::patch);
        WdkRoutes.route(router, site, HttpMethod.PUT, "/users/:uid/strategies/:strategyId/step-tree", StrategyRoutes::putTree);
        WdkRoutes.route(router, site, HttpMethod.DELETE, "/users/:uid/strategies/:strategyId", r -> {
            SiteWorkspace workspace = r.site.workspace();
            workspace.deleteStrategy(workspace.strategy(r.owner(), r.param("strategyId")));
            r.noContent();
        });
    }

    private static void create(WdkRequest request) {
        User owner = request.owner();
        JsonNode body = request.body();
        Strategy strategy;
        if (body.isObject() && body.has("sourceStrategySignature")) {
            JsonShape.object(body, "#", Set.of("sourceStrategySignature"), Set.of());
            strategy = request.site.workspace().copyStrategy(owner, body.get("sourceStrategySignature").asText());
        } else {
            JsonShape.object(body, "#", CREATE_REQUIRED, CREATE_OPTIONAL);
            String name = JsonShape.string(body, "name", "#");
            Boolean saved = JsonShape.bool(body, "isSaved", "#");
            Boolean isPublic = JsonShape.bool(body, "isPublic", "#");
            StepNode tree = StepNode.parse(body.get("stepTree"), "#/stepTree");
            strategy = request.site.workspace().createStrategy(owner, name == null ? "Unnamed Search Strategy" : name,
                    JsonShape.string(body, "savedName", "#"), JsonShape.string(body, "description", "#"),
                    saved != null && saved, isPublic != null && isPublic, tree);
        }
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("id", strategy.id);
        request.created(json, request.serviceUrl("/users/" + owner.id() + "/strategies/" + strategy.id));
    }

    private static void list(WdkRequest request) {
        User owner = request.owner();
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        request.site.workspace().strategiesOf(owner).forEach(s -> array.add(listing(request, s, owner)));
        request.ok(array);
    }

    private static void get(WdkRequest request) {
        User owner = request.owner();
        SiteWorkspace workspace = request.site.workspace();
        Strategy strategy = workspace.strategy(owner, request.param("strategyId"));
        workspace.refreshEstimates(strategy);
        ObjectNode json = listing(request, strategy, owner);
        synchronized (workspace) {
            json.set("stepTree", strategy.tree.toJson());
            ObjectNode steps = json.putObject("steps");
            strategy.tree.forEach(n -> steps.set(String.valueOf(n.stepId()), StepRoutes.stepJson(workspace, request.site.faults(), workspace.stepById(n.stepId()))));
        }
        request.ok(json);
    }

    static ObjectNode listing(WdkRequest request, Strategy strategy, User owner) {
        SiteWorkspace workspace = request.site.workspace();
        synchronized (workspace) {
            ObjectNode json = JsonNodeFactory.instance.objectNode();
            Step root = workspace.stepById(strategy.tree.stepId());
            json.put("strategyId", strategy.id);
            json.put("name", strategy.name);
            nullable(json, "savedName", strategy.savedName);
            nullable(json, "description", strategy.description);
            json.put("author", owner.displayName());
            json.put("rootStepId", strategy.tree.stepId());
            json.put("recordClassName", root.search.recordType());
            json.put("signature", strategy.signature);
            json.put("createdTime", strategy.createdTime.toString());
            json.put("lastViewed", strategy.lastViewed.toString());
            json.put("lastModified", strategy.lastModified.toString());
            json.put("releaseVersion", "68");
            json.put("isPublic", strategy.isPublic);
            json.put("isSaved", strategy.saved);
            boolean[] valid = {true};
            strategy.tree.forEach(n -> valid[0] &= !request.site.faults().searchInvalidated(
                    workspace.stepById(n.stepId()).search.urlSegment()));
            json.put("isValid", valid[0]);
            json.put("isDeleted", strategy.deleted);
            json.put("isExample", false);
            nullable(json, "organization", owner.organization());
            if (request.site.faults().strategySizesUncomputed()) {
                json.put("estimatedSize", -1); // WDK's "not computed"
            } else if (root.estimatedSize != null) {
                json.put("estimatedSize", root.estimatedSize);
            }
            json.put("nameOfFirstStep", workspace.stepById(strategy.tree.firstLeaf().stepId()).customName);
            int[] count = {0};
            strategy.tree.forEach(n -> {
                if (!workspace.stepById(n.stepId()).search.isBoolean()) {
                    count[0]++;
                }
            });
            json.put("leafAndTransformStepCount", count[0]);
            return json;
        }
    }

    private static void nullable(ObjectNode json, String key, String value) {
        if (value == null) {
            json.putNull(key);
        } else {
            json.put(key, value);
        }
    }

    private static void patch(WdkRequest request) {
        User owner = request.owner();
        SiteWorkspace workspace = request.site.workspace();
        Strategy strategy = workspace.strategy(owner, request.param("strategyId"));
        JsonNode body = request.body();
        JsonShape.object(body, "#", Set.of(), PATCH_KEYS);
        String name = JsonShape.string(body, "name", "#");
        String savedName = JsonShape.string(body, "savedName", "#");
        String description = JsonShape.string(body, "description", "#");
        Boolean saved = JsonShape.bool(body, "isSaved", "#");
        Boolean isPublic = JsonShape.bool(body, "isPublic", "#");
        Long overwrite = JsonShape.integer(body, "overwriteWith", "#");
        if (overwrite != null) {
            workspace.strategy(owner, String.valueOf(overwrite));
        }
        synchronized (workspace) {
            if (name != null) {
                strategy.name = name;
            }
            if (body.has("savedName")) {
                strategy.savedName = savedName;
            }
            if (body.has("description")) {
                strategy.description = description;
            }
            if (saved != null) {
                strategy.saved = saved;
            }
            if (isPublic != null) {
                strategy.isPublic = isPublic;
            }
            strategy.lastModified = SiteWorkspace.now();
        }
        request.noContent();
    }

    private static void putTree(WdkRequest request) {
        User owner = request.owner();
        SiteWorkspace workspace = request.site.workspace();
        Strategy strategy = workspace.strategy(owner, request.param("strategyId"));
        JsonNode body = request.body();
        JsonShape.object(body, "#", Set.of("stepTree"), Set.of());
        workspace.replaceTree(owner, strategy, StepNode.parse(body.get("stepTree"), "#/stepTree"));
        request.noContent();
    }
}
