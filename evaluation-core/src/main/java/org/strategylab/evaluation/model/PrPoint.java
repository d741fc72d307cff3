package org.strategylab.evaluation.model;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** A point of the precision-recall curve, written as the pair {@code [precision, recall]}. */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"precision", "recall"})
public record PrPoint(double precision, double recall) {
}
