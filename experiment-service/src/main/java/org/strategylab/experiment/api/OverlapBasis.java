package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/**
 * What an experiment's gene set is when experiments are overlapped: the spec's predicted positives
 * among the controls (TP ∪ FP, spec §2.6), or every gene of its result.
 */
public enum OverlapBasis {

    /** Its true and false positives: the controls it found (the spec's basis; the default). */
    PREDICTED_POSITIVES("predicted-positives", "the controls each experiment's result contains (true and false positives)"),
    /** Every gene of its result (a gene-ID experiment's target genes). */
    RESULT("result", "every gene of each experiment's result");

    private final String wire;
    private final String description;

    OverlapBasis(String wire, String description) {
        this.wire = wire;
        this.description = description;
    }

    /** The name on the wire. */
    @JsonValue
    public String wire() {
        return wire;
    }

    /** What the overlap counts, in a sentence fragment for the answer and the pages. */
    public String description() {
        return description;
    }

    /** The basis a request names; null for an unknown name (the request is then refused naming the field). */
    @JsonCreator
    public static OverlapBasis of(String name) {
        if (name == null) {
            return null;
        }
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(b -> b.wire.equals(wanted)).findFirst().orElse(null);
    }
}
