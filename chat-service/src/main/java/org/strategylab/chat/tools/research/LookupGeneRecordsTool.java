package org.strategylab.chat.tools.research;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.strategylab.chat.client.UpstreamSite;
import org.strategylab.chat.tools.AgentTool;
import org.strategylab.chat.tools.ToolArguments;
import org.strategylab.chat.tools.ToolContext;
import org.strategylab.chat.tools.ToolRefusal;
import org.strategylab.chat.tools.ToolResults;
import org.strategylab.edge.peer.PeerFailure;

/**
 * {@code lookup_gene_records}: genes of the conversation's site, by ids (which of them name genes,
 * and their current ids) or by a text search, through upstream-gateway as the caller.
 */
@ApplicationScoped
public class LookupGeneRecordsTool implements AgentTool {

    static final int MAX_IDS = 100;
    static final int SEARCH_LIMIT = 10;
    @Inject
    UpstreamSite upstream;

    @Override
    public String name() {
        return "lookup_gene_records";
    }

    @Override
    public String description() {
        return "Look up genes of the site: give geneIds to learn which name genes (current, transcript or previous "
                + "ids; answers each one's current id, organism, product and symbol, and the ids that name none), or a "
                + "query (a symbol, product words, or an id with * as a wildcard) to find genes, optionally in one "
                + "organism (its full name, e.g. 'Plasmodium falciparum 3D7').";
    }

    @Override
    public String group() {
        return "research";
    }

    @Override
    public boolean quotesOutsideText() {
        return true;
    }

    @Override
    public JsonObjectSchema arguments() {
        return JsonObjectSchema.builder()
                .addProperty("geneIds", JsonArraySchema.builder().items(new JsonStringSchema())
                        .description("gene ids to resolve (at most " + MAX_IDS + ")").build())
                .addStringProperty("query", "words to find genes by, when no geneIds are given")
                .addStringProperty("organism", "only genes of this organism (for a query)")
                .build();
    }

    @Override
    public JsonNode run(JsonNode arguments, ToolContext context) {
        Set<String> ids = ids(arguments);
        String query = ToolArguments.optionalText(arguments, "query");
        if (ids.isEmpty() && query == null) {
            throw new ToolRefusal("give geneIds (a list of gene ids) or a query");
        }
        try {
            return ids.isEmpty() ? search(query, ToolArguments.optionalText(arguments, "organism"), context)
                    : resolve(ids, context);
        } catch (PeerFailure failure) {
            if (failure.inputRefused()) {
                throw new ToolRefusal("the site refused the look-up: " + failure.explanation());
            }
            throw failure;
        }
    }

    private static Set<String> ids(JsonNode arguments) {
        JsonNode given = arguments.path("geneIds");
        Set<String> ids = new LinkedHashSet<>();
        if (given.isMissingNode() || given.isNull()) {
            return ids;
        }
        if (!given.isArray()) {
            throw new ToolRefusal("argument 'geneIds' must be a list of strings");
        }
        for (JsonNode id : given) {
            if (id.isTextual() && !id.asText().isBlank()) {
                ids.add(id.asText().trim());
            }
        }
        if (ids.size() > MAX_IDS) {
            throw new ToolRefusal("at most " + MAX_IDS + " geneIds at once (got " + ids.size() + ")");
        }
        return ids;
    }

    private JsonNode resolve(Set<String> ids, ToolContext context) {
        JsonNode answer = upstream.json(upstream.resolveGenes(context.token(), context.siteId(), List.copyOf(ids)));
        ArrayNode resolved = ToolResults.array();
        for (JsonNode gene : answer.path("resolved")) {
            ObjectNode row = resolved.addObject();
            row.put("inputId", gene.path("inputId").asText());
            row.put("geneId", gene.path("geneId").asText());
            ToolResults.copyText(gene, row, "organism", 80);
            ToolResults.copyText(gene, row, "product", 160);
            ToolResults.copyText(gene, row, "geneName", 40);
        }
        ObjectNode result = ToolResults.object();
        result.set("resolved", resolved);
        result.set("unresolved", answer.path("unresolved").isArray() ? answer.path("unresolved") : ToolResults.array());
        return result;
    }

    private JsonNode search(String query, String organism, ToolContext context) {
        JsonNode page = upstream.json(upstream.searchGenes(context.token(), context.siteId(), query, organism, SEARCH_LIMIT));
        ArrayNode found = ToolResults.array();
        for (JsonNode gene : page.path("results")) {
            ObjectNode row = found.addObject().put("geneId", gene.path("geneId").asText());
            ToolResults.copyText(gene, row, "organism", 80);
            ToolResults.copyText(gene, row, "product", 160);
            ToolResults.copyText(gene, row, "geneName", 40);
            ToolResults.copyText(gene, row, "geneType", 40);
        }
        ObjectNode result = ToolResults.object().put("query", query).put("totalCount", page.path("totalCount").asLong());
        if (organism != null) {
            result.put("organism", organism);
        } else if (page.path("suggestedOrganisms").isArray() && !page.path("suggestedOrganisms").isEmpty()) {
            result.set("suggestedOrganisms", page.path("suggestedOrganisms"));
        }
        result.set("genes", found);
        return result;
    }
}
