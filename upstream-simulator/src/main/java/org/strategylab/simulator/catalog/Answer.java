package org.strategylab.simulator.catalog;

import java.util.BitSet;
import java.util.Map;
import org.strategylab.simulator.data.SiteData;

/**
 * A search result: the transcript indexes it contains (in the site's {@link SiteData} order) and values
 * of the search's dynamic attributes by transcript index. Never modified after creation, so the gene
 * count is computed once.
 */
public final class Answer {

    private final BitSet transcripts;
    private final Map<String, Map<Integer, String>> dynamicValues;
    private volatile int geneCount = -1;

    public Answer(BitSet transcripts, Map<String, Map<Integer, String>> dynamicValues) {
        this.transcripts = transcripts;
        this.dynamicValues = dynamicValues;
    }

    public static Answer of(BitSet transcripts) {
        return new Answer(transcripts, Map.of());
    }

    public BitSet transcripts() {
        return transcripts;
    }

    public Map<String, Map<Integer, String>> dynamicValues() {
        return dynamicValues;
    }

    public int size() {
        return transcripts.cardinality();
    }

    /** The number of distinct genes (memoized). */
    public int geneCount(SiteData data) {
        int count = geneCount;
        if (count < 0) {
            count = data.genesOfTranscripts(transcripts).cardinality();
            geneCount = count;
        }
        return count;
    }

    public String dynamicValue(String attribute, int transcript) {
        Map<Integer, String> values = dynamicValues.get(attribute);
        return values == null ? null : values.get(transcript);
    }
}
