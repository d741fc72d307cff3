package org.strategylab.evaluation.model;

import java.util.List;

/** Which experiments found one gene (spec 2.6). */
public record GeneMembership(String geneId, int foundIn, int totalExperiments, List<String> experiments) {
}
