package org.strategylab.simulator.catalog;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.strategylab.simulator.data.SiteData;

/**
 * What a param needs to describe or validate itself: the site's data, the values of the params it
 * may depend on, and the requesting user's datasets.
 */
public record ParamContext(SiteData data, Map<String, String> values, DatasetLookup datasets) {

    /** Resolves a dataset id for the requesting user; empty when it does not exist or is someone else's. */
    @FunctionalInterface
    public interface DatasetLookup {
        Optional<List<String>> idsOf(long datasetId);

        DatasetLookup NONE = id -> Optional.empty();
    }

    public String value(String name) {
        return values.get(name);
    }
}
