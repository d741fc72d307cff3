package org.strategylab.evaluation.model;

/**
 * A numeric parameter of one tree step the tree optimiser may move (spec 2.4).
 *
 * @param integer whether the site declares the parameter whole-numbered: its trials are then whole
 *                numbers within {@code [minVal, maxVal]} (null or false: any number in the range)
 */
public record ThresholdKnob(String stepId, String paramName, double minVal, double maxVal, Double stepSize,
                            Boolean integer) {

    /** Whether trials take whole numbers only. */
    public boolean wholeNumbers() {
        return Boolean.TRUE.equals(integer);
    }

    /** The same knob, whole-numbered or not as the site declares its parameter. */
    public ThresholdKnob withInteger(boolean whole) {
        return new ThresholdKnob(stepId, paramName, minVal, maxVal, stepSize, whole);
    }
}
