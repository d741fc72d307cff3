package org.strategylab.simulator.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.strategylab.simulator.data.SiteData;

/** One site's record types and searches. Search names are global across record types, as in WDK. */
public final class Catalog {

    private final SiteData data;
    private final Map<String, RecordType> recordTypes = new LinkedHashMap<>();
    private final Map<String, SearchSpec> searches = new LinkedHashMap<>();

    private Catalog(SiteData data) {
        this.data = data;
    }

    /** Builds the catalog served for a site's data. */
    public static Catalog forSite(SiteData data) {
        Catalog catalog = new Catalog(data);
        RecordType transcript = GeneRecordTypes.transcript();
        catalog.recordTypes.put(transcript.urlSegment(), transcript);
        RecordType gene = GeneRecordTypes.gene();
        catalog.recordTypes.put(gene.urlSegment(), gene);
        for (SearchSpec search : GeneSearches.all(data, transcript)) {
            catalog.searches.put(search.urlSegment(), search);
        }
        return catalog;
    }

    public SiteData data() {
        return data;
    }

    public List<RecordType> recordTypes() {
        return List.copyOf(recordTypes.values());
    }

    public Optional<RecordType> recordType(String urlSegment) {
        return Optional.ofNullable(recordTypes.get(urlSegment));
    }

    public Optional<SearchSpec> search(String urlSegment) {
        return Optional.ofNullable(searches.get(urlSegment));
    }

    public List<SearchSpec> searchesOf(String recordType) {
        return searches.values().stream().filter(s -> s.recordType().equals(recordType)).toList();
    }
}
