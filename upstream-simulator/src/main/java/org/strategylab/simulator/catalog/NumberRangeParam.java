package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** WDK {@code number-range} param; the value is the JSON string {@code {"min":x,"max":y}}. */
public final class NumberRangeParam extends ParamSpec {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final double min;
    private final double max;
    private final String defaultValue;

    public NumberRangeParam(ParamBasics basics, double min, double max, double defaultMin, double defaultMax) {
        super(basics);
        this.min = min;
        this.max = max;
        this.defaultValue = range(defaultMin, defaultMax);
    }

    private static String range(double low, double high) {
        return "{\"min\":" + NumberParam.format(low) + ",\"max\":" + NumberParam.format(high) + "}";
    }

    @Override
    public String type() {
        return "number-range";
    }

    @Override
    public String defaultValue(ParamContext context) {
        return defaultValue;
    }

    @Override
    public ParamCheck validate(String value, ParamContext context) {
        double[] bounds = bounds(value);
        if (bounds == null) {
            return ParamCheck.invalid("'" + value + "' is not a valid range; expected {\"min\":number,\"max\":number}");
        }
        if (bounds[0] > bounds[1]) {
            return ParamCheck.invalid("The minimum must not be greater than the maximum");
        }
        if (bounds[0] < min || bounds[1] > max) {
            return ParamCheck.invalid("The range must lie between " + NumberParam.format(min) + " and " + NumberParam.format(max));
        }
        return ParamCheck.ok(range(bounds[0], bounds[1]));
    }

    /** {min, max} of a valid value, or null. */
    public static double[] bounds(String value) {
        try {
            JsonNode node = JSON.readTree(value);
            if (node == null || !node.isObject() || !node.path("min").isNumber() || !node.path("max").isNumber()) {
                return null;
            }
            return new double[] {node.get("min").asDouble(), node.get("max").asDouble()};
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    protected void describeType(ObjectNode node, ParamContext context) {
        node.put("min", min);
        node.put("max", max);
        node.put("increment", 1);
    }
}
