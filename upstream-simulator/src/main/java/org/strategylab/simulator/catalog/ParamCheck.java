package org.strategylab.simulator.catalog;

/**
 * The outcome of validating one param value: the value as WDK stores and echoes it, or an error message.
 */
public record ParamCheck(String value, String error) {

    public static ParamCheck ok(String value) {
        return new ParamCheck(value, null);
    }

    public static ParamCheck invalid(String error) {
        return new ParamCheck(null, error);
    }

    public boolean isValid() {
        return error == null;
    }
}
