package org.strategylab.upstream.service.catalog;

import org.strategylab.upstream.service.sessions.SessionService;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.sites.Site;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.api.Organism;
import org.strategylab.upstream.api.ParamSpec;
import org.strategylab.upstream.api.RecordTypeSummary;
import org.strategylab.upstream.api.SearchFilter;
import org.strategylab.upstream.api.SearchParamSpecs;
import org.strategylab.upstream.api.SearchSummary;
import org.strategylab.upstream.api.ValidationResult;
import org.strategylab.upstream.api.VocabularyHit;
import org.strategylab.upstream.api.VocabularyTerm;
import org.strategylab.upstream.service.catalog.ranking.CatalogRanking;
import org.strategylab.upstream.service.catalog.ranking.RankMode;
import org.strategylab.upstream.client.UpstreamFailure;
import org.strategylab.upstream.client.ValidationBundle;
import org.strategylab.upstream.client.WdkCatalogClient;
import org.strategylab.upstream.client.WdkJson;

/**
 * The public catalogue of a site (api-contract.md §7): record types, searches found by text,
 * parameter specifications with context-dependent vocabularies, validation of parameter values,
 * and organisms. Listings come from {@link CatalogReader}'s cache; calls that depend on the
 * caller's values go to the site each time.
 */
@ApplicationScoped
public class CatalogService {

    /** The search whose organism vocabulary lists a site's organisms. */
    static final String ORGANISM_SEARCH = "GenesByTaxon";

    @Inject
    CatalogReader catalog;

    @Inject
    SiteRegistry sites;

    @Inject
    SessionService sessions;

    @Inject
    WdkCatalogClient wdk;

    @Inject
    CatalogRanking ranking;

    /** The record types of a site. */
    public Uni<List<RecordTypeSummary>> recordTypes(String siteId) {
        return catalog.recordTypes(siteId).map(types -> {
            List<RecordTypeSummary> summaries = new ArrayList<>();
            types.forEach(t -> summaries.add(CatalogViews.recordType(t)));
            return summaries;
        });
    }

    /**
     * The searches of a site, of one record type or all; with a text query, only those that match it,
     * best first, each with its score and why it matched ({@link RankMode}: lexical, semantic or
     * hybrid). WDK's internal searches ({@code InternalQuestions.*}) are left out: they are machinery,
     * not searches for users or the agent.
     */
    public Uni<List<SearchSummary>> searches(String siteId, String recordType, String query, RankMode mode) {
        Uni<List<SearchSummary>> all = recordType == null || recordType.isBlank()
                ? catalog.recordTypes(siteId).map(types -> {
                    List<SearchSummary> list = new ArrayList<>();
                    types.forEach(t -> t.path("searches").forEach(s -> {
                        if (!CatalogViews.internal(s)) {
                            list.add(CatalogViews.search(s));
                        }
                    }));
                    return list;
                })
                : catalog.searches(siteId, recordType).map(searches -> {
                    List<SearchSummary> list = new ArrayList<>();
                    searches.forEach(s -> {
                        if (!CatalogViews.internal(s)) {
                            list.add(CatalogViews.search(s));
                        }
                    });
                    return list;
                });
        if (query == null || query.isBlank()) {
            return all;
        }
        return all.chain(candidates -> catalog.recordTypes(siteId)
                .chain(types -> ranking.searches(siteId, types, candidates, query.trim(), mode)));
    }

    /**
     * The values of a vocabulary parameter, every node of a tree (leaves marked); with a text query,
     * only those that match it, best first, ranked as {@link #searches} ranks searches.
     *
     * @throws ProblemException 404 {@code PARAM_NOT_FOUND} when the search has no vocabulary parameter of that name
     */
    public Uni<List<VocabularyHit>> vocabulary(String siteId, String recordType, String searchName, String paramName,
                                               String query, RankMode mode) {
        return catalog.search(siteId, recordType, searchName).chain(data -> {
            JsonNode param = ParamEncoder.params(data).get(paramName);
            if (param == null || !param.path("type").asText().endsWith("-vocabulary")) {
                throw ProblemException.notFound("PARAM_NOT_FOUND", "Search '" + searchName + "' of site '" + siteId
                        + "' has no vocabulary parameter '" + paramName + "'");
            }
            List<VocabularyHit> values = new ArrayList<>();
            flatten(CatalogViews.vocabulary(param.get("vocabulary")), values);
            if (query == null || query.isBlank()) {
                return Uni.createFrom().item(values);
            }
            return ranking.vocabulary(siteId + ":" + recordType + "/" + searchName + "/" + paramName, param, values,
                    query.trim(), mode);
        });
    }

    private static void flatten(List<VocabularyTerm> terms, List<VocabularyHit> into) {
        for (VocabularyTerm term : terms) {
            boolean leaf = term.children() == null || term.children().isEmpty();
            into.add(new VocabularyHit(term.term(), term.display(), leaf, null, null));
            if (!leaf) {
                flatten(term.children(), into);
            }
        }
    }

    /**
     * The parameters of a search; with context values, their vocabularies are computed for those
     * values (dependent parameters).
     */
    public Uni<SearchParamSpecs> paramSpecs(String siteId, String recordType, String searchName,
                                            Map<String, Object> contextValues) {
        if (contextValues == null || contextValues.isEmpty()) {
            return catalog.search(siteId, recordType, searchName).map(data -> specs(data, recordType));
        }
        return encodeOrFail(siteId, recordType, searchName, contextValues)
                .chain(encoded -> inContext(siteId, recordType, searchName, encoded))
                .map(answer -> specs(answer.path("searchData"), recordType));
    }

    /**
     * Checks parameter values with the site.
     *
     * @throws ProblemException 422 naming every parameter the site (or the encoding) rejects
     */
    public Uni<ValidationResult> validate(String siteId, String recordType, String searchName,
                                          Map<String, Object> contextValues) {
        return encodeOrFail(siteId, recordType, searchName, contextValues)
                .chain(encoded -> inContext(siteId, recordType, searchName, encoded).map(answer -> {
                    ValidationBundle bundle = ValidationBundle.from(answer.path("validation"));
                    if (!bundle.valid()) {
                        throw invalidValues(searchName, bundle, "/contextValues");
                    }
                    return new ValidationResult(true, encoded);
                }));
    }

    /** The vocabularies of the parameters that depend on {@code changedParam}, for its new value. */
    public Uni<List<ParamSpec>> dependentParams(String siteId, String recordType, String searchName,
                                                String changedParam, Object value, Map<String, Object> contextValues) {
        Site site = sites.require(siteId);
        return catalog.search(siteId, recordType, searchName).chain(data -> {
            JsonNode param = ParamEncoder.params(data).get(changedParam);
            if (param == null) {
                throw ProblemException.invalid("Unknown parameter", List.of(new FieldError("/changedParam/name",
                        "'" + changedParam + "' is not a parameter of search " + searchName)));
            }
            String encodedValue;
            try {
                encodedValue = value == null ? "" : ParamEncoder.encodeOne(param, value);
            } catch (IllegalArgumentException e) {
                throw ProblemException.invalid("Invalid value", List.of(new FieldError("/changedParam/value", e.getMessage())));
            }
            ParamEncoder.Encoded context = ParamEncoder.encode(data, contextValues, "/contextValues")
                    .refuseIdLists("/contextValues");
            if (!context.errors().isEmpty()) {
                throw ProblemException.invalid("Some context values are invalid", context.errors());
            }
            return wdk.refreshedDependentParams(sessions.catalogSession(site), recordType, searchName, changedParam,
                    encodedValue, WdkJson.stringMap(context.values()));
        }).map(response -> {
            if (response.status() == 422) {
                throw invalidValues(searchName, response.validationBundle(), "/changedParam");
            }
            List<ParamSpec> specs = new ArrayList<>();
            response.okJson().forEach(p -> specs.add(CatalogViews.param(p)));
            return specs;
        });
    }

    /** The organisms of a site: the leaves of its organism search's vocabulary. */
    public Uni<List<Organism>> organisms(String siteId) {
        return catalog.searches(siteId, "transcript")
                .chain(searches -> {
                    boolean present = false;
                    for (JsonNode s : searches) {
                        present |= ORGANISM_SEARCH.equals(s.path("urlSegment").asText());
                    }
                    return present ? catalog.search(siteId, "transcript", ORGANISM_SEARCH).map(data -> organismsOf(data))
                            : Uni.createFrom().item(List.<Organism>of());
                })
                .onFailure(ProblemException.class).recoverWithItem(List.of());
    }

    private static List<Organism> organismsOf(JsonNode searchData) {
        JsonNode organism = ParamEncoder.params(searchData).get("organism");
        if (organism == null) {
            return List.of();
        }
        List<Organism> organisms = new ArrayList<>();
        for (VocabularyTerm leaf : CatalogViews.leaves(CatalogViews.vocabulary(organism.get("vocabulary")))) {
            organisms.add(new Organism(leaf.term(), leaf.display()));
        }
        return organisms;
    }

    /**
     * The boolean (combine) search of a record type and its parameter names.
     *
     * @throws ProblemException 422 when the record type has none
     */
    public Uni<BooleanSearch> booleanSearch(String siteId, String recordType) {
        return catalog.searches(siteId, recordType).chain(searches -> {
            for (JsonNode s : searches) {
                String name = s.path("urlSegment").asText();
                if (name.startsWith(CatalogViews.BOOLEAN_SEARCH_PREFIX)) {
                    return catalog.search(siteId, recordType, name).map(data -> BooleanSearch.of(siteId, data));
                }
            }
            throw ProblemException.invalid("No combine search", List.of(new FieldError("/recordType",
                    "record type '" + recordType + "' of site '" + siteId + "' cannot be combined")));
        });
    }

    /** Encodes context values against the search, or fails with a 422 naming each bad one. */
    private Uni<Map<String, String>> encodeOrFail(String siteId, String recordType, String searchName,
                                                  Map<String, Object> contextValues) {
        return catalog.search(siteId, recordType, searchName).map(data -> {
            // catalogue reads have no user of their own to upload a dataset as: a dataset parameter takes an id
            ParamEncoder.Encoded encoded = ParamEncoder.encode(data, contextValues, "/contextValues")
                    .refuseIdLists("/contextValues");
            if (!encoded.errors().isEmpty()) {
                throw ProblemException.invalid("Search " + searchName + " does not accept these values", encoded.errors());
            }
            return encoded.values();
        });
    }

    private Uni<JsonNode> inContext(String siteId, String recordType, String searchName, Map<String, String> values) {
        Site site = sites.require(siteId);
        return wdk.searchInContext(sessions.catalogSession(site), recordType, searchName, WdkJson.stringMap(values))
                .map(response -> {
                    // the search was just found in the site's own list: a 404 now is the site's failure (502)
                    if (response.status() == 422) {
                        throw invalidValues(searchName, response.validationBundle(), "/contextValues");
                    }
                    return response.okJson();
                });
    }

    /** A 422 naming each parameter of a WDK validation bundle. */
    public static ProblemException invalidValues(String searchName, ValidationBundle bundle, String pointer) {
        List<FieldError> errors = new ArrayList<>();
        bundle.byKey().forEach((key, messages) -> errors.add(new FieldError(pointer + "/" + key, String.join("; ", messages))));
        bundle.general().forEach(message -> errors.add(new FieldError(pointer, message)));
        if (errors.isEmpty()) {
            errors.add(new FieldError(pointer, "the site rejected these values"));
        }
        errors.sort(Comparator.comparing(FieldError::pointer));
        return ProblemException.invalid("Search " + searchName + " does not accept these values", errors);
    }

    private static SearchParamSpecs specs(JsonNode searchData, String recordType) {
        List<ParamSpec> params = new ArrayList<>();
        searchData.path("parameters").forEach(p -> params.add(CatalogViews.param(p)));
        return new SearchParamSpecs(searchData.path("urlSegment").asText(), recordType,
                searchData.path("displayName").asText(null), params, filters(searchData));
    }

    /** The filters a search's results can take, as its catalogue entry lists them. */
    public static List<SearchFilter> filters(JsonNode searchData) {
        List<SearchFilter> filters = new ArrayList<>();
        searchData.path("filters").forEach(f -> filters.add(new SearchFilter(f.path("name").asText(),
                f.path("displayName").asText(null), f.path("description").asText(null),
                f.path("isViewOnly").asBoolean(false))));
        return filters;
    }

    /**
     * A record type's combine search.
     *
     * @param name          its url segment
     * @param leftParam     the input-step parameter the primary input fills
     * @param rightParam    the input-step parameter the secondary input fills
     * @param operatorParam the operator parameter
     * @param operators     the operator terms it accepts
     */
    public record BooleanSearch(String name, String leftParam, String rightParam, String operatorParam,
                                List<String> operators) {

        static BooleanSearch of(String siteId, JsonNode data) {
            List<String> inputs = ParamEncoder.inputStepParams(data);
            String operator = null;
            List<String> terms = new ArrayList<>();
            for (JsonNode p : data.path("parameters")) {
                if ("single-pick-vocabulary".equals(p.path("type").asText())) {
                    operator = p.path("name").asText();
                    CatalogViews.vocabulary(p.get("vocabulary")).forEach(t -> terms.add(t.term()));
                }
            }
            if (inputs.size() != 2 || operator == null) {
                throw UpstreamFailure.malformed(siteId, "GET /record-types/{rt}/searches/{s}", 200,
                        "the combine search has no operands");
            }
            String left = inputs.stream().filter(n -> n.contains("left")).findFirst().orElse(inputs.get(0));
            String right = inputs.stream().filter(n -> !n.equals(left)).findFirst().orElseThrow();
            return new BooleanSearch(data.path("urlSegment").asText(), left, right, operator, terms);
        }
    }
}
