package org.strategylab.simulator.catalog;

import java.util.BitSet;
import java.util.Map;

/**
 * A search result: the transcript indexes it contains (in the site's {@link org.strategylab.simulator.data.SiteData}
 * order) and values of the search's dynamic attributes by transcript index. Never modified after creation.
 */
public record Answer(BitSet transcripts, Map<String, Map<Integer, String>> dynamicValues) {

    public static Answer of(BitSet transcripts) {
        return new Answer(transcripts, Map.of());
    }

    public int size() {
        return transcripts.cardinality();
    }

    public String dynamicValue(String attribute, int transcript) {
        Map<Integer, String> values = dynamicValues.get(attribute);
        return values == null ? null : values.get(transcript);
    }
}
