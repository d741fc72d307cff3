package org.strategylab.chat.mcp;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkiverse.mcp.server.Tool;
import io.quarkiverse.mcp.server.ToolArg;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.upstream.api.SearchSummary;
import org.strategylab.upstream.api.VocabularyHit;

/**
 * The catalogue as MCP tools: the sites, a site's searches ranked by meaning and words (upstream-gateway's
 * hybrid catalogue search, as the agent's {@code search_for_searches}), a search's parameters and a
 * parameter's vocabulary, each read as the caller.
 */
public class CatalogueTools {

    static final String UPSTREAM = "upstream-gateway";
    private static final String DEFAULT_RECORD_TYPE = "transcript";

    @Inject
    UpstreamSite upstream;

    @Inject
    McpCaller caller;

    @Inject
    McpResults results;

    @Inject
    McpFailures failures;

    @Inject
    ObjectMapper mapper;

    /** One VEuPathDB site. */
    public record Site(String id, String name, boolean isPortal) {
    }

    /** The sites. */
    public record Sites(List<Site> sites) {
    }

    @Tool(name = "list_sites", description = "List the VEuPathDB sites StrategyLab can build and evaluate "
            + "strategies on (id, name, whether it is the portal). Use a site's id as siteId elsewhere.",
            outputSchema = @Tool.OutputSchema(from = Sites.class))
    public ToolResponse listSites() {
        caller.current();
        JsonNode answer = failures.tool(UPSTREAM, "listing the sites", () -> upstream.sites());
        List<Site> sites = new ArrayList<>();
        // upstream-gateway answers a page: {items, total, limit, offset, defaultSite, …}
        for (JsonNode site : answer.path("items")) {
            sites.add(new Site(site.path("id").asText(), site.path("displayName").asText(site.path("name").asText()),
                    site.path("isPortal").asBoolean()));
        }
        return results.structured(new Sites(sites));
    }

    /** A search of the site's catalogue that matches a query, with how well it matches. */
    public record SearchMatch(String name, String displayName, String recordType, String kind, String description,
                              Double score) {
    }

    /** The searches that match a query, best first. */
    public record SearchMatches(String siteId, String query, int total, List<SearchMatch> searches) {
    }

    @Tool(name = "search_for_searches", description = "Find a site's searches that match a description of the genes "
            + "wanted ('protein kinases', 'secreted proteins', 'expressed in gametocytes'), best first, ranked by "
            + "meaning and words. Each search's name is the searchName of get_search_parameters and run_experiment.",
            outputSchema = @Tool.OutputSchema(from = SearchMatches.class))
    public ToolResponse searchForSearches(
            @ToolArg(description = "the site's id (list_sites), e.g. plasmodb") String siteId,
            @ToolArg(description = "what the searches should find, in plain words") String query,
            @ToolArg(description = "record type (default transcript, the genes)", required = false) String recordType,
            @ToolArg(description = "most searches to answer, 1 to 25", defaultValue = "8") int limit) {
        McpCaller.User user = caller.current();
        String site = site(siteId);
        String text = McpArguments.text("query", query, 500);
        McpArguments.range("limit", limit, 1, 25);
        String type = recordType == null || recordType.isBlank() ? DEFAULT_RECORD_TYPE : recordType;
        org.strategylab.upstream.api.Page<SearchSummary> page = failures.tool(UPSTREAM, "searching the catalogue",
                () -> upstream.searches(user.token(), site, type, text, limit, "hybrid"));
        List<SearchMatch> matches = page.items().stream().map(s -> new SearchMatch(s.name(), s.displayName(),
                s.recordType(), s.kind() == null ? "search" : s.kind(), s.description(), s.score())).toList();
        return results.structured(new SearchMatches(site, text, page.total(), matches));
    }

    /** What a search asks for. */
    public record SearchParameters(String siteId, String searchName, String recordType, String displayName,
                                   List<Map<String, Object>> parameters) {
    }

    @Tool(name = "get_search_parameters", description = "The parameters of one search of a site: each one's name, "
            + "type, whether it is optional, limits, default value and allowed values (vocabulary).",
            outputSchema = @Tool.OutputSchema(from = SearchParameters.class))
    public ToolResponse getSearchParameters(
            @ToolArg(description = "the site's id, e.g. plasmodb") String siteId,
            @ToolArg(description = "the search's name (search_for_searches), e.g. GenesByTaxon") String searchName,
            @ToolArg(description = "record type (default transcript)", required = false) String recordType) {
        McpCaller.User user = caller.current();
        String site = site(siteId);
        String search = McpArguments.name("searchName", searchName);
        String type = recordType == null || recordType.isBlank() ? DEFAULT_RECORD_TYPE : recordType;
        JsonNode specs = upstream.json(failures.tool(UPSTREAM, "reading the search's parameters",
                () -> upstream.paramSpecs(user.token(), site, type, search, Map.of())));
        List<Map<String, Object>> parameters = new ArrayList<>();
        for (JsonNode spec : specs.path("parameters")) {
            if ("input-step".equals(spec.path("type").asText()) || !spec.path("isVisible").asBoolean(true)) {
                continue;
            }
            parameters.add(mapper.convertValue(spec, new TypeReference<Map<String, Object>>() { }));
        }
        return results.structured(new SearchParameters(site, search, type, specs.path("displayName").asText(null), parameters));
    }

    /** One value a parameter may take. */
    public record Term(String term, String display, Double score) {
    }

    /** A parameter's values, ranked for a query when one is given. */
    public record Vocabulary(String siteId, String searchName, String parameter, int total, List<Term> values) {
    }

    @Tool(name = "get_parameter_vocabulary", description = "The values a search's parameter may take (an organism, "
            + "a GO term, a life-cycle stage ...), ranked for a query by meaning and words when one is given.",
            outputSchema = @Tool.OutputSchema(from = Vocabulary.class))
    public ToolResponse getParameterVocabulary(
            @ToolArg(description = "the site's id, e.g. plasmodb") String siteId,
            @ToolArg(description = "the search's name") String searchName,
            @ToolArg(description = "the parameter's name (get_search_parameters)") String parameter,
            @ToolArg(description = "words to rank the values by", required = false) String query,
            @ToolArg(description = "record type (default transcript)", required = false) String recordType,
            @ToolArg(description = "most values to answer, 1 to 100", defaultValue = "20") int limit) {
        McpCaller.User user = caller.current();
        String site = site(siteId);
        String search = McpArguments.name("searchName", searchName);
        String param = McpArguments.name("parameter", parameter);
        McpArguments.range("limit", limit, 1, 100);
        String type = recordType == null || recordType.isBlank() ? DEFAULT_RECORD_TYPE : recordType;
        org.strategylab.upstream.api.Page<VocabularyHit> page = failures.tool(UPSTREAM, "reading a parameter's values",
                () -> upstream.vocabulary(user.token(), site, type, search, param,
                        query == null || query.isBlank() ? null : query, limit, "hybrid"));
        return results.structured(new Vocabulary(site, search, param, page.total(),
                page.items().stream().map(h -> new Term(h.term(), h.display(), h.score())).toList()));
    }

    private String site(String siteId) {
        String site = McpArguments.name("siteId", siteId);
        boolean exists = failures.tool(UPSTREAM, "looking up the site", () -> upstream.siteExists(site));
        if (!exists) {
            throw McpFailures.invalidArgument("siteId", "no site '" + site + "' (list_sites names them)");
        }
        return site;
    }
}
