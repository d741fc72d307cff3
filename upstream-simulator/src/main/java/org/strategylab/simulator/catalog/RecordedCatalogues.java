package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.strategylab.simulator.data.SiteData;

/**
 * The real search catalogues of VEuPathDB sites, as their public WDK services answered
 * {@code GET /record-types?format=expanded} (bundled {@code veupathdb-catalogues.json}: names,
 * summaries, descriptions, parameter names, record classes). The simulator serves them for the sites it
 * does not simulate in full, so site pickers, catalogue search and the agent see each site's true
 * searches. Their data is not loaded: every parameter is a plain optional string (but the ID-list
 * search's {@code ds_gene_ids}, WDK's {@code input-dataset} on every site), and running one of
 * these searches fails as WDK fails for a search whose data is missing (a 500 with a log marker),
 * never with made-up records.
 */
public final class RecordedCatalogues {

    /** WDK's ID-list search and its {@code input-dataset} parameter, typed as on every site. */
    static final String ID_LIST_SEARCH = "GeneByLocusTag";
    static final String ID_LIST_PARAM = "ds_gene_ids";

    /** The bundled file, next to this class. */
    static final String RESOURCE = "veupathdb-catalogues.json";

    /** Keys of a recorded search that the listing serves as recorded (the rest comes from {@link SearchSpec}). */
    private static final List<String> RECORDED_KEYS = List.of("summary", "description", "isAnalyzable",
            "allowedPrimaryInputRecordClassNames", "allowedSecondaryInputRecordClassNames");

    private final Map<String, JsonNode> sites;

    private RecordedCatalogues(Map<String, JsonNode> sites) {
        this.sites = sites;
    }

    /** Reads the bundled catalogues (about 2 MB of JSON, read once per simulator start). */
    public static RecordedCatalogues bundled() {
        try (InputStream in = RecordedCatalogues.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("The bundled catalogues " + RESOURCE + " are missing");
            }
            JsonNode root = new ObjectMapper().readTree(in);
            Map<String, JsonNode> sites = new LinkedHashMap<>();
            root.path("sites").fields().forEachRemaining(e -> sites.put(e.getKey(), e.getValue()));
            return new RecordedCatalogues(sites);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the bundled catalogues " + RESOURCE, e);
        }
    }

    /** The registry ids of the sites with a recorded catalogue. */
    public List<String> siteIds() {
        return List.copyOf(sites.keySet());
    }

    /** The service path the site answered at ({@code /cryptodb/service}). */
    public String servicePath(String siteId) {
        return require(siteId).path("servicePath").asText();
    }

    /** The site's recorded record types and searches, over {@code data} (a site without genes). */
    public Catalog catalog(String siteId, SiteData data) {
        return catalogOf(require(siteId), data);
    }

    /** The recordings as read, by registry id, in file order (for {@link DerivedCatalogue}). */
    Map<String, JsonNode> recordings() {
        return sites;
    }

    /**
     * A catalogue served from a site object in the recorded shape ({@code recordTypes[].searches[]}):
     * a recording, or a {@link DerivedCatalogue}.
     */
    static Catalog catalogOf(JsonNode site, SiteData data) {
        List<RecordType> recordTypes = new ArrayList<>();
        List<SearchSpec> searches = new ArrayList<>();
        Map<String, ObjectNode> recorded = new LinkedHashMap<>();
        for (JsonNode type : site.path("recordTypes")) {
            String name = type.path("urlSegment").asText();
            RecordType recordType = switch (name) {
                case "transcript" -> GeneRecordTypes.transcript();
                case "gene" -> GeneRecordTypes.gene();
                default -> new RecordType(name, type.path("fullName").asText(), type.path("displayName").asText(),
                        type.path("displayName").asText() + "s", type.path("displayName").asText(),
                        List.of("source_id", "project_id"), List.of(), List.of(), List.of(), false);
            };
            recordTypes.add(recordType);
            for (JsonNode search : type.path("searches")) {
                SearchSpec spec = searchOf(search, name);
                searches.add(spec);
                ObjectNode keys = search.deepCopy();
                keys.retain(RECORDED_KEYS);
                recorded.put(spec.urlSegment(), keys);
            }
        }
        return Catalog.recorded(data, recordTypes, searches, recorded);
    }

    private static SearchSpec searchOf(JsonNode search, String recordType) {
        String name = search.path("urlSegment").asText();
        List<ParamSpec> params = new ArrayList<>();
        for (JsonNode param : search.path("paramNames")) {
            if (ID_LIST_SEARCH.equals(name) && ID_LIST_PARAM.equals(param.asText())) {
                // the one type the recording does not hold but every site's model fixes (upstream-wdk.md §8):
                // the ID list search takes a dataset id, so a client sending the IDs themselves is refused as by WDK
                params.add(new InputDatasetParam(ParamBasics.visible(ID_LIST_PARAM, "Gene ID input set", ""), recordType));
            } else {
                params.add(StringParam.text(ParamBasics.visible(param.asText(), param.asText(), "").optional(), ""));
            }
        }
        List<String> inputs = new ArrayList<>();
        search.path("allowedPrimaryInputRecordClassNames").forEach(n -> inputs.add(n.asText()));
        return new SearchSpec(name, search.path("fullName").asText(), search.path("displayName").asText(),
                search.path("shortDisplayName").asText(search.path("displayName").asText()),
                search.path("description").asText(search.path("summary").asText("")), recordType, params, List.of(),
                List.of(), inputs, search.path("isAnalyzable").asBoolean(false), run -> {
                    throw new DataNotLoadedException(name);
                });
    }

    private JsonNode require(String siteId) {
        JsonNode site = sites.get(siteId);
        if (site == null) {
            throw new IllegalArgumentException("No recorded catalogue for site '" + siteId + "'; recorded: " + sites.keySet());
        }
        return site;
    }

    /**
     * Running a search of a recorded catalogue: its data is not in the simulator. WDK answers a search
     * whose tables are missing with a 500 and a log marker; so does the simulator (without a stack trace
     * in its log: this is expected).
     */
    public static final class DataNotLoadedException extends RuntimeException {

        public DataNotLoadedException(String searchName) {
            super("The data of search " + searchName + " are not loaded: this site serves a catalogue only (recorded or derived)",
                    null, false, false);
        }
    }
}
