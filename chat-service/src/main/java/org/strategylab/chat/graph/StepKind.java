package org.strategylab.chat.graph;

import com.fasterxml.jackson.annotation.JsonValue;

/** What a step of a strategy graph is: a search, a combine of two steps, or a transform of one. */
public enum StepKind {
    SEARCH, COMBINE, TRANSFORM;

    @JsonValue
    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
