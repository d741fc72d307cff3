package org.strategylab.evaluation.stepanalysis;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * A number as a WDK parameter value: the site takes every parameter value as text, and a value
 * such as {@code 0.30000000000000004} would be a different search from {@code 0.3}.
 */
public final class ParameterText {

    private ParameterText() {
    }

    /**
     * A double as a clean decimal string: 12 significant digits, plain notation, no trailing zeros.
     *
     * @param v a finite number
     * @return its text, {@code "0"} for zero
     * @throws IllegalArgumentException when {@code v} is not finite
     */
    public static String decimal(double v) {
        if (!Double.isFinite(v)) {
            throw new IllegalArgumentException("not finite: " + v);
        }
        if (v == 0) {
            return "0";
        }
        return new BigDecimal(v).round(new MathContext(12, RoundingMode.HALF_EVEN)).stripTrailingZeros().toPlainString();
    }

    /**
     * A value for an integer parameter: rounded half-even, no decimal point.
     *
     * @param v a number
     * @return its text
     */
    public static String integer(double v) {
        return new BigDecimal(v).setScale(0, RoundingMode.HALF_EVEN).toPlainString();
    }
}
