package org.strategylab.evaluation.model;

import java.util.List;

/** One organism of a batch run with optional per-organism control overrides (spec 2.5). */
public record BatchOrganismTarget(String organism, List<String> positiveControls, List<String> negativeControls) {
}
