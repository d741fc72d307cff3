package org.strategylab.evaluation.model;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** A point of the list-size-versus-recall curve, written as the pair {@code [listSize, recall]}. */
@JsonFormat(shape = JsonFormat.Shape.ARRAY)
@JsonPropertyOrder({"listSize", "recall"})
public record RecallPoint(int listSize, double recall) {
}
