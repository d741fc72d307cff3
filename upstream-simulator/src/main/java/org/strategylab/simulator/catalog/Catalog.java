package org.strategylab.simulator.catalog;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.strategylab.simulator.data.SiteData;

/** One site's record types and searches. Search names are global across record types, as in WDK. */
public final class Catalog {

    private final SiteData data;
    private final Map<String, RecordType> recordTypes = new LinkedHashMap<>();
    private final Map<String, SearchSpec> searches = new LinkedHashMap<>();
    /** Keys of recorded searches served as recorded (summary, input record classes); empty for synthetic sites. */
    private final Map<String, ObjectNode> recordedKeys = new LinkedHashMap<>();

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

    /**
     * A recorded catalogue ({@link RecordedCatalogues}): the given record types and searches, and per
     * search the recorded keys its listing keeps.
     */
    static Catalog recorded(SiteData data, List<RecordType> recordTypes, List<SearchSpec> searches,
                            Map<String, ObjectNode> recordedKeys) {
        Catalog catalog = new Catalog(data);
        recordTypes.forEach(t -> catalog.recordTypes.put(t.urlSegment(), t));
        searches.forEach(s -> catalog.searches.put(s.urlSegment(), s));
        catalog.recordedKeys.putAll(recordedKeys);
        return catalog;
    }

    /** Whether this catalogue is a recorded one, whose searches have no data to run on. */
    public boolean recorded() {
        return !recordedKeys.isEmpty();
    }

    /** A search as search listings show it, with its recorded keys where the catalogue is recorded. */
    public ObjectNode describe(SearchSpec search) {
        return withRecordedKeys(search, search.describe(this));
    }

    /** A search with its parameters ({@code searchData}), with its recorded keys where the catalogue is recorded. */
    public ObjectNode describeWithParams(SearchSpec search, ParamContext context) {
        return withRecordedKeys(search, search.describeWithParams(this, context));
    }

    private ObjectNode withRecordedKeys(SearchSpec search, ObjectNode described) {
        ObjectNode recorded = recordedKeys.get(search.urlSegment());
        if (recorded != null) {
            described.remove(List.of("summary", "description", "allowedPrimaryInputRecordClassNames"));
            described.setAll(recorded);
        }
        return described;
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
