package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import org.strategylab.simulator.catalog.Catalog;
import org.strategylab.simulator.catalog.InputStepParam;
import org.strategylab.simulator.catalog.SearchSpec;

/**
 * The site's public strategies, {@code GET /strategy-lists/public}: the listing JSON of every public,
 * undeleted strategy of any user (no step tree; WDK's clients read a public strategy's steps by copying it
 * with {@code {sourceStrategySignature}} into their own account). Each simulated site is seeded with
 * strategies a researcher would have shared, built from the site's own searches by authors who are not
 * accounts (so nobody can sign in as them), which keeps their step trees valid and countable here.
 */
final class PublicStrategies {

    private static final Logger LOG = Logger.getLogger(PublicStrategies.class.getName());

    /** The seeded authors; their ids lie outside the ranges of accounts and guests. */
    static final List<User> AUTHORS = List.of(
            new User(900_001L, false, "m.okafor@example.org", "Miriam", "Okafor", "Institute of Parasitology (synthetic)"),
            new User(900_002L, false, "j.lindqvist@example.org", "Jonas", "Lindqvist", "Centre for Infection Biology (synthetic)"),
            new User(900_003L, false, "p.ramaswamy@example.org", "Priya", "Ramaswamy", "VEuPathDB Outreach (synthetic)"));

    private PublicStrategies() {
    }

    static void register(Router router, SiteContext site) {
        WdkRoutes.route(router, site, HttpMethod.GET, "/strategy-lists/public", PublicStrategies::list);
    }

    private static void list(WdkRequest request) {
        SiteWorkspace workspace = request.site.workspace();
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        for (Strategy strategy : workspace.publicStrategies()) {
            workspace.refreshEstimates(strategy);
            array.add(StrategyRoutes.listing(request, strategy, author(request.site.users(), strategy.ownerId)));
        }
        request.ok(array);
    }

    private static User author(UserDirectory users, long ownerId) {
        return AUTHORS.stream().filter(a -> a.id() == ownerId).findFirst()
                .or(() -> users.registered(ownerId)).orElse(User.guest(ownerId));
    }

    // ------------------------------------------------------------------ seeding

    /** A node of a seeded strategy: a search with parameters (the rest take their defaults) or a boolean. */
    private sealed interface Plan permits Leaf, Combine {
    }

    private record Leaf(String search, Map<String, String> params, String customName) implements Plan {
    }

    private record Combine(String operator, Plan left, Plan right) implements Plan {
    }

    private record Seed(int author, String name, String description, Plan plan) {
    }

    private static Leaf leaf(String search, String customName, String... keyValues) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            params.put(keyValues[i], keyValues[i + 1]);
        }
        return new Leaf(search, params, customName);
    }

    private static Leaf go(String termId, String customName) {
        return leaf("GenesByGoTerm", customName, "go_typeahead", "[\"" + termId + "\"]");
    }

    private static final List<Seed> SEEDS = List.of(
            new Seed(0, "Exported proteins: signal peptide without transmembrane domains",
                    "Candidate exported and secreted proteins of the reference genomes: genes whose proteins have a predicted "
                            + "signal peptide, minus those with one or more predicted transmembrane domains.",
                    new Combine("MINUS", leaf("GenesWithSignalPeptide", "Signal peptide"),
                            leaf("GenesByTransmembraneDomains", "Any TM domain", "min_tm", "1", "max_tm", "99"))),
            new Seed(1, "Protein kinases",
                    "All genes annotated with protein kinase activity (GO:0004672) or one of its descendant terms, "
                            + "curated and computed evidence.",
                    go("GO:0004672", "Protein kinase activity")),
            new Seed(1, "Kinases without a signal peptide (cytosolic kinome)",
                    "Protein kinases (GO:0004672) whose proteins have no predicted signal peptide: the intracellular kinome.",
                    new Combine("MINUS", go("GO:0004672", "Protein kinase activity"),
                            leaf("GenesWithSignalPeptide", "Signal peptide"))),
            new Seed(2, "Membrane transporters with four or more transmembrane domains",
                    "Genes annotated with transmembrane transporter activity (GO:0022857) intersected with genes whose "
                            + "proteins have at least four predicted transmembrane domains: candidate drug transporters.",
                    new Combine("INTERSECT", go("GO:0022857", "Transmembrane transporter activity"),
                            leaf("GenesByTransmembraneDomains", "4+ TM domains", "min_tm", "4", "max_tm", "99"))),
            new Seed(0, "Small secreted proteins under 30 kDa",
                    "Genes with a predicted signal peptide whose proteins weigh at most 30,000 Da: small secreted "
                            + "effector candidates.",
                    new Combine("INTERSECT", leaf("GenesWithSignalPeptide", "Signal peptide"),
                            leaf("GenesByMolecularWeight", "Up to 30 kDa", "min_molecular_weight", "0",
                                    "max_molecular_weight", "30000"))),
            new Seed(2, "Invasion organelle proteins (rhoptry or microneme)",
                    "Genes whose products localise to the rhoptry (GO:0020008) or the microneme (GO:0020009), the "
                            + "apical organelles used for host cell invasion.",
                    new Combine("UNION", go("GO:0020008", "Rhoptry"), go("GO:0020009", "Microneme"))),
            new Seed(1, "Proteases and peptidases",
                    "Genes annotated with peptidase activity (GO:0008233) or its descendants, such as cysteine-type "
                            + "endopeptidases: candidate drug targets.",
                    go("GO:0008233", "Peptidase activity")),
            new Seed(0, "Single-copy genes without paralogs",
                    "Genes with no paralog in their ortholog group within the same organism.",
                    leaf("GenesByParalogCount", "No paralogs", "num_paralogs", "{\"min\":0,\"max\":0}")),
            new Seed(2, "Mitochondrial membrane proteins",
                    "Genes whose products localise to the mitochondrion (GO:0005739) and have at least one predicted "
                            + "transmembrane domain.",
                    new Combine("INTERSECT", go("GO:0005739", "Mitochondrion"),
                            leaf("GenesByTransmembraneDomains", "Any TM domain", "min_tm", "1", "max_tm", "99"))),
            new Seed(1, "Reductases by product description",
                    "Genes whose product description or notes mention a reductase (text search for *reductase).",
                    leaf("GenesByText", "Reductase in text", "text_expression", "*reductase")),
            new Seed(0, "Genes with many exons",
                    "Genes with five to fifty exons, for studies of splicing and intron-rich genes.",
                    leaf("GenesByExonCount", "5–50 exons", "num_exons_gte", "5", "num_exons_lte", "50")),
            new Seed(2, "Apicoplast proteins with a signal peptide",
                    "Genes annotated to the apicoplast (GO:0020011) whose proteins also carry a predicted signal "
                            + "peptide, the first part of the bipartite apicoplast targeting sequence.",
                    new Combine("INTERSECT", go("GO:0020011", "Apicoplast"),
                            leaf("GenesWithSignalPeptide", "Signal peptide"))));

    /**
     * Seeds the site's public strategies. Recorded catalogues have no data to run a strategy on, so they
     * get none; a seed whose search the site lacks is left out (logged).
     */
    static void seed(SiteWorkspace workspace) {
        Catalog catalog = workspace.catalog;
        if (catalog.recorded()) {
            return;
        }
        Optional<SearchSpec> bool = catalog.searchesOf("transcript").stream()
                .filter(s -> s.isBoolean() && s.urlSegment().startsWith("boolean_question")).findFirst();
        for (Seed seed : SEEDS) {
            User author = AUTHORS.get(seed.author());
            try {
                StepNode tree = build(workspace, author, seed.plan(), bool);
                workspace.createStrategy(author, seed.name(), seed.name(), seed.description(), true, true, tree);
            } catch (RuntimeException e) {
                LOG.warning("Public strategy '" + seed.name() + "' not seeded: " + e.getMessage());
            }
        }
    }

    private static StepNode build(SiteWorkspace workspace, User author, Plan plan, Optional<SearchSpec> bool) {
        if (plan instanceof Leaf leaf) {
            SearchSpec search = workspace.catalog.search(leaf.search())
                    .orElseThrow(() -> new IllegalStateException("no search " + leaf.search()));
            Step step = workspace.createStep(author.id(), search, leaf.params(), null, null, null);
            step.customName = leaf.customName();
            return new StepNode(step.id, null, null);
        }
        Combine combine = (Combine) plan;
        StepNode left = build(workspace, author, combine.left(), bool);
        StepNode right = build(workspace, author, combine.right(), bool);
        SearchSpec search = bool.orElseThrow(() -> new IllegalStateException("no boolean search"));
        Map<String, String> params = new LinkedHashMap<>();
        for (InputStepParam p : search.inputStepParams()) {
            params.put(p.name(), "");
        }
        params.put("bq_operator", combine.operator());
        Step step = workspace.createStep(author.id(), search, params, null, null, null);
        return new StepNode(step.id, left, right);
    }
}
