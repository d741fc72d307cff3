package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** A search or analysis-form parameter, described and validated the way WDK does. */
public abstract class ParamSpec {

    public static final String DEFAULT_GROUP = "empty";

    /** Adds WDK's single unnamed, visible param group to {@code groups} and returns it. */
    public static ObjectNode addDefaultGroup(ArrayNode groups) {
        ObjectNode group = groups.addObject();
        group.put("name", DEFAULT_GROUP);
        group.put("displayName", "");
        group.put("description", "");
        group.put("isVisible", true);
        group.put("displayType", "empty");
        return group;
    }

    protected final ParamBasics basics;

    protected ParamSpec(ParamBasics basics) {
        this.basics = basics;
    }

    public String name() {
        return basics.name();
    }

    public ParamBasics basics() {
        return basics;
    }

    /** WDK's {@code type} key. */
    public abstract String type();

    /** The stable default value ({@code initialDisplayValue}) in this context. */
    public abstract String defaultValue(ParamContext context);

    /**
     * Validates a value (always a string on the wire) and returns it as WDK stores it.
     */
    public abstract ParamCheck validate(String value, ParamContext context);

    /** Adds the type's own keys to the description. */
    protected abstract void describeType(ObjectNode node, ParamContext context);

    /**
     * The param object WDK serves in {@code searchData.parameters}.
     *
     * @param dependents names of the params that depend on this one
     */
    public ObjectNode describe(ParamContext context, List<String> dependents) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("name", basics.name());
        node.put("displayName", basics.displayName());
        node.put("help", basics.help());
        node.put("type", type());
        node.put("isVisible", basics.visible());
        node.put("group", basics.visible() ? DEFAULT_GROUP : "_hidden");
        node.put("isReadOnly", basics.readOnly());
        node.put("allowEmptyValue", basics.allowEmptyValue());
        node.putNull("visibleHelp");
        node.put("visibleHelpPosition", "beforeParam");
        dependents.forEach(node.putArray("dependentParams")::add);
        String current = context.value(name());
        ParamCheck check = current == null ? null : validate(current, context);
        node.put("initialDisplayValue", check != null && check.isValid() ? check.value() : defaultValue(context));
        node.putObject("properties");
        describeType(node, context);
        return node;
    }
}
