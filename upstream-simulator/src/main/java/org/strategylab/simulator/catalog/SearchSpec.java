package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A WDK search (question).
 *
 * @param urlSegment        the search name used in paths and {@code searchName}
 * @param fullName          {@code <questionSet>.<name>}
 * @param dynamicAttributes attributes only this search's answers carry
 * @param allowedInputs     record types its input-step params accept (empty when it has none)
 */
public record SearchSpec(String urlSegment, String fullName, String displayName, String shortDisplayName,
                         String description, String recordType, List<ParamSpec> params, List<String> defaultAttributes,
                         List<AttributeSpec> dynamicAttributes, List<String> allowedInputs, boolean analyzable,
                         SearchEvaluator evaluator) {

    public Optional<ParamSpec> param(String name) {
        return params.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** Input-step params in declaration order: the first takes the primary input, the second the secondary. */
    public List<InputStepParam> inputStepParams() {
        return params.stream().filter(InputStepParam.class::isInstance).map(InputStepParam.class::cast).toList();
    }

    public boolean isBoolean() {
        return inputStepParams().size() == 2;
    }

    /** Names of params whose vocabulary depends on the named one, transitively. */
    public List<String> dependentsOf(String name) {
        List<String> result = new ArrayList<>();
        List<String> frontier = new ArrayList<>(List.of(name));
        while (!frontier.isEmpty()) {
            String current = frontier.remove(0);
            for (ParamSpec p : params) {
                if (p.basics().dependsOn().contains(current) && !result.contains(p.name())) {
                    result.add(p.name());
                    frontier.add(p.name());
                }
            }
        }
        return result;
    }

    private List<String> directDependentsOf(String name) {
        return params.stream().filter(p -> p.basics().dependsOn().contains(name)).map(ParamSpec::name).toList();
    }

    /**
     * Validates values: unknown names and bad values are errors by key; missing values take the
     * param's default (input-step params are left to the caller, which knows whether the step is wired).
     */
    public ParamValidation validate(Map<String, String> raw, ParamContext base) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, List<String>> byKey = new LinkedHashMap<>();
        for (String name : raw.keySet()) {
            if (param(name).isEmpty()) {
                byKey.computeIfAbsent(name, k -> new ArrayList<>())
                        .add("Parameter '" + name + "' is not a parameter of search '" + urlSegment + "'");
            }
        }
        Map<String, String> context = new HashMap<>(raw);
        for (ParamSpec param : params) {
            ParamContext ctx = new ParamContext(base.data(), context, base.datasets());
            String value = raw.get(param.name());
            if (param instanceof InputStepParam) {
                values.put(param.name(), value == null ? "" : value);
                continue;
            }
            if (value == null) {
                value = param.defaultValue(ctx);
            }
            ParamCheck check = param.validate(value, ctx);
            if (check.isValid()) {
                values.put(param.name(), check.value());
                context.put(param.name(), check.value());
            } else {
                values.put(param.name(), value);
                byKey.computeIfAbsent(param.name(), k -> new ArrayList<>()).add(check.error());
            }
        }
        return new ParamValidation(values, byKey, new ArrayList<>());
    }

    /** The search object of search listings (no parameters). */
    public ObjectNode describe(Catalog catalog) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("urlSegment", urlSegment);
        node.put("fullName", fullName);
        node.put("displayName", displayName);
        node.put("shortDisplayName", shortDisplayName);
        node.put("description", description);
        node.put("summary", description);
        node.put("help", "");
        node.putNull("iconName");
        node.put("searchVisibleHelp", "");
        node.put("newBuild", "68");
        node.putNull("reviseBuild");
        node.put("isCacheable", true);
        node.put("outputRecordClassName", recordType);
        defaultAttributes.forEach(node.putArray("defaultAttributes")::add);
        if (defaultAttributes.isEmpty()) {
            node.putArray("defaultAttributes");
        }
        ArrayNode sorting = node.putArray("defaultSorting");
        ObjectNode byOrganism = sorting.addObject();
        byOrganism.put("attributeName", "organism");
        byOrganism.put("direction", "ASC");
        ObjectNode byLocation = sorting.addObject();
        byLocation.put("attributeName", "gene_location_text");
        byLocation.put("direction", "ASC");
        ArrayNode dynamic = node.putArray("dynamicAttributes");
        dynamicAttributes.forEach(a -> dynamic.add(a.describe()));
        node.put("defaultSummaryView", "_default");
        ArrayNode views = node.putArray("summaryViewPlugins");
        ObjectNode view = views.addObject();
        view.put("name", "_default");
        view.put("displayName", "Gene Results");
        view.put("description", "Default summary view");
        node.put("isAnalyzable", analyzable);
        if (!allowedInputs.isEmpty()) {
            allowedInputs.forEach(node.putArray("allowedPrimaryInputRecordClassNames")::add);
            // as WDK's QuestionFormatter: the secondary key only for searches with a second answer param
            if (inputStepParams().size() > 1) {
                allowedInputs.forEach(node.putArray("allowedSecondaryInputRecordClassNames")::add);
            }
        }
        node.put("queryName", queryName());
        ArrayNode filters = node.putArray("filters");
        catalog.recordType(recordType).ifPresent(rt -> rt.filters().forEach(f -> filters.add(f.describe())));
        node.put("noSummaryOnSingleRecord", false);
        node.putObject("properties");
        ArrayNode groups = node.putArray("groups");
        List<String> visible = params.stream().filter(p -> p.basics().visible()).map(ParamSpec::name).toList();
        if (!visible.isEmpty()) {
            visible.forEach(ParamSpec.addDefaultGroup(groups).putArray("parameters")::add);
        }
        ArrayNode names = node.putArray("paramNames");
        params.forEach(p -> names.add(p.name()));
        return node;
    }

    private String queryName() {
        return isBoolean() ? "bq_" + fullName.substring(fullName.indexOf('.') + 1).replace("boolean_question_", "")
                : urlSegment + "Query";
    }

    /** The search object with its parameters described in the given context ({@code searchData}). */
    public ObjectNode describeWithParams(Catalog catalog, ParamContext context) {
        ObjectNode node = describe(catalog);
        ArrayNode parameters = node.putArray("parameters");
        Map<String, String> values = new HashMap<>(context.values());
        for (ParamSpec param : params) {
            ParamContext ctx = new ParamContext(context.data(), values, context.datasets());
            parameters.add(param.describe(ctx, directDependentsOf(param.name())));
            if (!values.containsKey(param.name()) && !(param instanceof InputStepParam)) {
                values.put(param.name(), param.defaultValue(ctx));
            }
        }
        return node;
    }
}
