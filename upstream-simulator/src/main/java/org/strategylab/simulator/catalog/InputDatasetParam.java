package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** WDK {@code input-dataset} param: the value is the id of a dataset the requesting user owns. */
public final class InputDatasetParam extends ParamSpec {

    private final String recordClassName;

    public InputDatasetParam(ParamBasics basics, String recordClassName) {
        super(basics);
        this.recordClassName = recordClassName;
    }

    @Override
    public String type() {
        return "input-dataset";
    }

    @Override
    public String defaultValue(ParamContext context) {
        return "";
    }

    @Override
    public ParamCheck validate(String value, ParamContext context) {
        long id;
        try {
            id = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return ParamCheck.invalid("'" + value + "' is not a valid dataset ID");
        }
        if (context.datasets().idsOf(id).isEmpty()) {
            return ParamCheck.invalid("Dataset with ID " + id + " does not exist or does not belong to the current user");
        }
        return ParamCheck.ok(String.valueOf(id));
    }

    @Override
    protected void describeType(ObjectNode node, ParamContext context) {
        node.put("defaultIdList", "");
        node.put("recordClassName", recordClassName);
        ArrayNode parsers = node.putArray("parsers");
        ObjectNode list = parsers.addObject();
        list.put("name", "list");
        list.put("displayName", "List");
        list.put("description", "A list of IDs separated by whitespace, commas, semicolons or line breaks");
    }
}
