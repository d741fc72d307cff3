package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** WDK {@code string} param; {@code isNumber} strings hold numbers and reject anything else. */
public final class StringParam extends ParamSpec {

    private final String defaultValue;
    private final boolean isNumber;
    private final boolean nonNegative;
    private final int length;

    public StringParam(ParamBasics basics, String defaultValue, boolean isNumber, boolean nonNegative) {
        super(basics);
        this.defaultValue = defaultValue;
        this.isNumber = isNumber;
        this.nonNegative = nonNegative;
        this.length = 4000;
    }

    public static StringParam text(ParamBasics basics, String defaultValue) {
        return new StringParam(basics, defaultValue, false, false);
    }

    public static StringParam number(ParamBasics basics, String defaultValue, boolean nonNegative) {
        return new StringParam(basics, defaultValue, true, nonNegative);
    }

    @Override
    public String type() {
        return "string";
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
        if (value.length() > length) {
            return ParamCheck.invalid("Value cannot be longer than " + length + " characters");
        }
        if (isNumber) {
            double number;
            try {
                number = Double.parseDouble(value.trim());
            } catch (NumberFormatException e) {
                return ParamCheck.invalid("'" + value + "' must be a number");
            }
            if (nonNegative && number < 0) {
                return ParamCheck.invalid("'" + value + "' must be a non-negative number");
            }
            return ParamCheck.ok(value.trim());
        }
        return ParamCheck.ok(value);
    }

    @Override
    protected void describeType(ObjectNode node, ParamContext context) {
        node.put("length", length);
        node.put("isMultiLine", false);
        node.put("isNumber", isNumber);
    }
}
