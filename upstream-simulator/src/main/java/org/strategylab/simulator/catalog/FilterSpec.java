package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.BitSet;
import org.strategylab.simulator.data.SiteData;

/**
 * A result filter of a record class, usable as a step filter ({@code searchConfig.filters}) or a
 * report's {@code viewFilters}.
 */
public record FilterSpec(String name, String displayName, String description, boolean viewOnly, Rule rule) {

    /** Keeps the transcripts that pass; throws {@link IllegalArgumentException} for a bad value. */
    @FunctionalInterface
    public interface Rule {
        BitSet apply(SiteData data, BitSet transcripts, JsonNode value);
    }

    public Answer apply(SiteData data, Answer answer, JsonNode value) {
        return new Answer(rule.apply(data, answer.transcripts(), value), answer.dynamicValues());
    }

    public ObjectNode describe() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("name", name);
        node.put("displayName", displayName);
        node.put("description", description);
        node.put("isViewOnly", viewOnly);
        return node;
    }
}
