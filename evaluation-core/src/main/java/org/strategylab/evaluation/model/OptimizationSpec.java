package org.strategylab.evaluation.model;

import java.util.List;

/** A parameter to optimise (spec 2.4): {@code type} is numeric, integer or categorical. */
public record OptimizationSpec(String name, String type, Double min, Double max, Double step, List<String> choices) {
}
