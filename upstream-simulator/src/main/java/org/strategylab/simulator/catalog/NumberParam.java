package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** WDK {@code number} param, sent as a string such as {@code "0.05"}. */
public final class NumberParam extends ParamSpec {

    private final double min;
    private final double max;
    private final double increment;
    private final String defaultValue;
    private final boolean integer;

    public NumberParam(ParamBasics basics, double min, double max, double increment, String defaultValue, boolean integer) {
        super(basics);
        this.min = min;
        this.max = max;
        this.increment = increment;
        this.defaultValue = defaultValue;
        this.integer = integer;
    }

    @Override
    public String type() {
        return "number";
    }

    @Override
    public String defaultValue(ParamContext context) {
        return defaultValue;
    }

    @Override
    public ParamCheck validate(String value, ParamContext context) {
        if (value.isEmpty()) {
            return basics.allowEmptyValue() ? ParamCheck.ok(value) : ParamCheck.invalid("Missing the value");
        }
        double number;
        try {
            number = Double.parseDouble(value.trim());
        } catch (NumberFormatException e) {
            return ParamCheck.invalid("'" + value + "' is not a number");
        }
        if (integer && number != Math.rint(number)) {
            return ParamCheck.invalid("'" + value + "' must be an integer");
        }
        if (number < min || number > max) {
            return ParamCheck.invalid("'" + value + "' must be between " + format(min) + " and " + format(max));
        }
        return ParamCheck.ok(value.trim());
    }

    static String format(double d) {
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf((long) d) : String.valueOf(d);
    }

    @Override
    protected void describeType(ObjectNode node, ParamContext context) {
        node.put("min", min);
        node.put("max", max);
        node.put("increment", increment);
        // WDK's number params declare whether they take whole numbers only (the model's integer="true")
        node.put("isInteger", integer);
    }

    /** The value as a number (for evaluation). */
    public static double parse(String value) {
        return Double.parseDouble(value.trim());
    }
}
