package org.strategylab.experiment.api;

import java.util.List;

/** A page of control sets (DECISIONS 5: {@code limit}/{@code offset} and the total). */
public record ControlSetPage(List<ControlSet> items, long total, int limit, int offset) {
}
