package org.strategylab.experiment.run.seed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * What a seed run creates on a site for one of its organisms: three demo strategies built from
 * searches every VEuPathDB genomic site has (GO term, signal peptide, taxon), and a control set of
 * the organism's protein kinases against other genes of it.
 */
final class DemoContent {

    static final String KINASE_GO_TERM = "GO:0004672";

    private DemoContent() {
    }

    /** A strategy to create: its name and step tree (upstream-gateway's shape). */
    record DemoStrategy(String name, JsonNode tree) {
    }

    static JsonNode kinases(String organism) {
        ObjectNode node = search("GenesByGoTerm", organism);
        ((ObjectNode) node.get("parameters")).putArray("go_typeahead").add(KINASE_GO_TERM);
        return node;
    }

    static JsonNode secreted(String organism) {
        return search("GenesWithSignalPeptide", organism);
    }

    static JsonNode allGenes(String organism) {
        return search("GenesByTaxon", organism);
    }

    static List<DemoStrategy> strategies(String organism) {
        ObjectNode both = JsonNodeFactory.instance.objectNode().put("operator", "INTERSECT");
        both.set("primaryInput", kinases(organism));
        both.set("secondaryInput", secreted(organism));
        return List.of(
                new DemoStrategy("Demo: protein kinases of " + organism, kinases(organism)),
                new DemoStrategy("Demo: secreted proteins of " + organism, secreted(organism)),
                new DemoStrategy("Demo: secreted protein kinases of " + organism, both));
    }

    private static ObjectNode search(String searchName, String organism) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("searchName", searchName);
        ArrayNode organisms = node.putObject("parameters").putArray("organism");
        organisms.add(organism);
        return node;
    }
}
