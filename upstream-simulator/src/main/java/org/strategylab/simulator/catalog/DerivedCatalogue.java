package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.strategylab.simulator.data.SiteData;

/**
 * The catalogue of a component site that has no recording (tritrypdb, fungidb, hostdb, vectorbase).
 *
 * <p>Every VEuPathDB component site runs the same ApiCommon WDK model; the sites differ by the datasets
 * they load, and each loaded dataset brings its own searches ({@code GenesByRNASeq…_RSRC} and the like).
 * What a site without a recording certainly offers is therefore the model itself: per record type that
 * every recording has, the searches (by url segment) that every recording offers. Dataset searches and
 * any other search particular to some sites fall out by that intersection, so none is invented.
 *
 * <p>The texts come from one recording, chosen from the data: the one whose values (display names,
 * summaries, descriptions, parameter names, input record classes; its own project name set aside) agree
 * with the other recordings most often, ties going to the earlier site in the file. A recording whose
 * text names its own organisms (CryptoDB's EST search speaks of <i>C. parvum</i>, ToxoDB's popset search
 * of <i>T. gondii</i>) disagrees with the rest there and so is not chosen. The chosen recording's project
 * name ("in MicrosporidiaDB") is replaced by the target site's. Input record classes keep only the
 * record types the derived catalogue has.
 *
 * <p>Like a recorded catalogue, it has no data: running one of its searches fails as WDK fails for a
 * search whose tables are missing ({@link RecordedCatalogues.DataNotLoadedException}).
 */
public final class DerivedCatalogue {

    /** The component sites of the registry that run the ApiCommon model and have no recording. */
    public static final List<String> SITES = List.of("tritrypdb", "fungidb", "hostdb", "vectorbase");

    /** What the simulator's admin info says of a derived site's catalogue. */
    public static final String PROVENANCE = "derived (the searches all recorded component sites share; no data)";

    /** Values of a search compared to choose the source recording. */
    private static final List<String> COMPARED_KEYS = List.of("fullName", "displayName", "shortDisplayName", "summary",
            "description", "paramNames", "outputRecordClassName", "isAnalyzable",
            "allowedPrimaryInputRecordClassNames", "allowedSecondaryInputRecordClassNames");
    /** Values of a search in which the source's project name is replaced by the target's. */
    private static final List<String> TEXT_KEYS = List.of("displayName", "shortDisplayName", "summary", "description");
    private static final List<String> INPUT_KEYS = List.of("allowedPrimaryInputRecordClassNames",
            "allowedSecondaryInputRecordClassNames");
    private static final String PROJECT_PLACEHOLDER = "\u0000project\u0000";

    private final String sourceSiteId;
    private final String sourceProjectId;
    /** The shared record types and searches in the recorded shape, with the source's texts. */
    private final ObjectNode model;

    private DerivedCatalogue(String sourceSiteId, String sourceProjectId, ObjectNode model) {
        this.sourceSiteId = sourceSiteId;
        this.sourceProjectId = sourceProjectId;
        this.model = model;
    }

    /**
     * Derives the shared model from the recordings.
     *
     * @param projectIds the WDK project id of each recorded site ({@code cryptodb → CryptoDB}), from the registry
     */
    public static DerivedCatalogue of(RecordedCatalogues recorded, Map<String, String> projectIds) {
        Map<String, JsonNode> recordings = recorded.recordings();
        for (String siteId : recordings.keySet()) {
            if (!projectIds.containsKey(siteId)) {
                throw new IllegalArgumentException("No project id for recorded site '" + siteId + "'");
            }
        }
        Map<String, Map<String, Map<String, JsonNode>>> searchesBySite = new LinkedHashMap<>();
        recordings.forEach((site, recording) -> searchesBySite.put(site, searchesByRecordType(recording)));
        String first = recordings.keySet().iterator().next();
        Set<String> sharedTypes = new LinkedHashSet<>(searchesBySite.get(first).keySet());
        searchesBySite.values().forEach(types -> sharedTypes.retainAll(types.keySet()));
        Map<String, List<String>> sharedSearches = new LinkedHashMap<>();
        for (String type : sharedTypes) {
            List<String> names = new ArrayList<>(searchesBySite.get(first).get(type).keySet());
            searchesBySite.values().forEach(types -> names.retainAll(types.get(type).keySet()));
            if (!names.isEmpty()) {
                sharedSearches.put(type, names);
            }
        }
        String source = mostAgreeing(searchesBySite, sharedSearches, projectIds);
        ObjectNode model = JsonNodeFactory.instance.objectNode();
        ArrayNode types = model.putArray("recordTypes");
        for (JsonNode type : recordings.get(source).path("recordTypes")) {
            List<String> names = sharedSearches.get(type.path("urlSegment").asText());
            if (names == null) {
                continue;
            }
            ObjectNode derivedType = type.deepCopy();
            ArrayNode searches = derivedType.putArray("searches");
            for (JsonNode search : type.path("searches")) {
                if (names.contains(search.path("urlSegment").asText())) {
                    searches.add(withInputsAmong(search, sharedSearches.keySet()));
                }
            }
            types.add(derivedType);
        }
        return new DerivedCatalogue(source, projectIds.get(source), model);
    }

    /** The derived catalogue served for a site of project {@code projectId} ({@code FungiDB}), over its (empty) data. */
    public Catalog catalog(String projectId, SiteData data) {
        ObjectNode site = model.deepCopy();
        for (JsonNode type : site.path("recordTypes")) {
            for (JsonNode search : type.path("searches")) {
                ObjectNode s = (ObjectNode) search;
                for (String key : TEXT_KEYS) {
                    if (s.hasNonNull(key)) {
                        s.put(key, s.get(key).asText().replace(sourceProjectId, projectId));
                    }
                }
            }
        }
        return RecordedCatalogues.catalogOf(site, data);
    }

    /** The recording whose texts the derived catalogue carries. */
    public String sourceSiteId() {
        return sourceSiteId;
    }

    public int recordTypeCount() {
        return model.path("recordTypes").size();
    }

    public int searchCount() {
        int count = 0;
        for (JsonNode type : model.path("recordTypes")) {
            count += type.path("searches").size();
        }
        return count;
    }

    private static Map<String, Map<String, JsonNode>> searchesByRecordType(JsonNode recording) {
        Map<String, Map<String, JsonNode>> types = new LinkedHashMap<>();
        for (JsonNode type : recording.path("recordTypes")) {
            Map<String, JsonNode> searches = new LinkedHashMap<>();
            type.path("searches").forEach(s -> searches.put(s.path("urlSegment").asText(), s));
            types.put(type.path("urlSegment").asText(), searches);
        }
        return types;
    }

    /**
     * The recording with the most (search, value, other recording) agreements over the shared searches,
     * each site's own project name set aside; ties go to the earlier recording.
     */
    private static String mostAgreeing(Map<String, Map<String, Map<String, JsonNode>>> searchesBySite,
                                       Map<String, List<String>> sharedSearches, Map<String, String> projectIds) {
        Map<String, Integer> agreements = new HashMap<>();
        sharedSearches.forEach((type, names) -> {
            for (String name : names) {
                Map<String, List<String>> valuesBySite = new LinkedHashMap<>();
                searchesBySite.forEach((site, types) -> valuesBySite.put(site,
                        comparable(types.get(type).get(name), projectIds.get(site), sharedSearches.keySet())));
                for (int key = 0; key < COMPARED_KEYS.size(); key++) {
                    Map<String, Integer> sites = new HashMap<>();
                    for (List<String> values : valuesBySite.values()) {
                        sites.merge(values.get(key), 1, Integer::sum);
                    }
                    for (Map.Entry<String, List<String>> e : valuesBySite.entrySet()) {
                        agreements.merge(e.getKey(), sites.get(e.getValue().get(key)) - 1, Integer::sum);
                    }
                }
            }
        });
        String best = null;
        for (String site : searchesBySite.keySet()) {
            if (best == null || agreements.getOrDefault(site, 0) > agreements.getOrDefault(best, 0)) {
                best = site;
            }
        }
        return best;
    }

    /** The search's {@link #COMPARED_KEYS} values as JSON text, its project name replaced by a placeholder ("" if absent). */
    private static List<String> comparable(JsonNode search, String projectId, Set<String> sharedTypes) {
        ObjectNode normalized = withInputsAmong(search, sharedTypes);
        List<String> values = new ArrayList<>(COMPARED_KEYS.size());
        for (String key : COMPARED_KEYS) {
            JsonNode value = normalized.get(key);
            String text = value == null ? "" : value.isTextual() ? "\"" + value.asText() : value.toString();
            values.add(text.replace(projectId, PROJECT_PLACEHOLDER));
        }
        return values;
    }

    /** A copy of the search whose input record classes name only record types the derived catalogue has. */
    private static ObjectNode withInputsAmong(JsonNode search, Set<String> recordTypes) {
        ObjectNode copy = search.deepCopy();
        for (String key : INPUT_KEYS) {
            if (copy.get(key) instanceof ArrayNode inputs) {
                ArrayNode kept = copy.putArray(key);
                inputs.forEach(n -> {
                    if (recordTypes.contains(n.asText())) {
                        kept.add(n);
                    }
                });
            }
        }
        return copy;
    }
}
