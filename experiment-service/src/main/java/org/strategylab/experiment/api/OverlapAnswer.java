package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.strategylab.evaluation.model.OverlapResult;

/**
 * The overlap of experiments' gene sets (spec §2.6's fields, unchanged) and the basis it was
 * computed on, named and described, so no reader takes one for the other.
 *
 * @param overlap          the spec's answer: pairs, per experiment, universal genes, memberships
 * @param basis            {@code predicted-positives} or {@code result}
 * @param basisDescription what the counts count, in words
 */
public record OverlapAnswer(@JsonUnwrapped OverlapResult overlap,
        @Schema(enumeration = {"predicted-positives", "result"}) OverlapBasis basis,
        String basisDescription) {

    public OverlapAnswer(OverlapResult overlap, OverlapBasis basis) {
        this(overlap, basis, basis.description());
    }
}
