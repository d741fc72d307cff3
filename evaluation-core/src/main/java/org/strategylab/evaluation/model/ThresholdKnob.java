package org.strategylab.evaluation.model;

/** A numeric parameter of one tree step the tree optimiser may move (spec 2.4). */
public record ThresholdKnob(String stepId, String paramName, double minVal, double maxVal, Double stepSize) {
}
