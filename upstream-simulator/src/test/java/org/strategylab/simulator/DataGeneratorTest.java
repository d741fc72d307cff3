package org.strategylab.simulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.data.Gene;
import org.strategylab.simulator.data.GeneUniverse;
import org.strategylab.simulator.data.GoDag;
import org.strategylab.simulator.data.Organism;
import org.strategylab.simulator.data.SiteData;
import org.strategylab.simulator.data.SyntheticDataGenerator;

/** The generated data set: deterministic, realistic in shape and size, linked across sites. */
class DataGeneratorTest {

    private static final GeneUniverse DATA = SyntheticDataGenerator.generate(SyntheticDataGenerator.DEFAULT_SEED);

    @Test
    void sameSeedSameGenesAndAnotherSeedOthers() {
        GeneUniverse again = SyntheticDataGenerator.generate(SyntheticDataGenerator.DEFAULT_SEED);
        List<Gene> a = DATA.genesByOrganism().values().iterator().next();
        List<Gene> b = again.genesByOrganism().values().iterator().next();
        assertEquals(a.stream().map(Gene::product).toList(), b.stream().map(Gene::product).toList());
        assertEquals(a.get(100).start(), b.get(100).start());
        GeneUniverse other = SyntheticDataGenerator.generate(7);
        assertNotEquals(a.stream().map(Gene::product).toList(),
                other.genesByOrganism().values().iterator().next().stream().map(Gene::product).toList());
    }

    @Test
    void twoOrganismsPerSiteAndReferenceGenomesOfRealisticSize() {
        for (String project : List.of("PlasmoDB", "ToxoDB")) {
            List<Organism> organisms = DATA.organismsOf(project);
            assertEquals(2, organisms.size());
            for (Organism organism : organisms) {
                int genes = DATA.genesByOrganism().get(organism).size();
                assertTrue(genes >= 5000 && genes <= 8000, organism.name() + " has " + genes);
            }
        }
    }

    @Test
    void idsFollowTheRealFormatsAndSomeGenesHaveTwoTranscripts() {
        Map<String, List<Gene>> byOrganism = DATA.genesByOrganism().entrySet().stream()
                .collect(Collectors.toMap(e -> e.getKey().name(), Map.Entry::getValue));
        assertTrue(byOrganism.get("Plasmodium falciparum 3D7").stream().allMatch(g -> g.sourceId().matches("PF3D7_\\d{7}")));
        assertTrue(byOrganism.get("Toxoplasma gondii ME49").stream().allMatch(g -> g.sourceId().matches("TGME49_\\d{6}")));
        assertTrue(byOrganism.get("Plasmodium falciparum 3D7").stream().anyMatch(g -> g.sourceId().equals("PF3D7_0100100")));
        assertTrue(byOrganism.get("Toxoplasma gondii ME49").stream().anyMatch(g -> g.sourceId().equals("TGME49_200010")));
        long twoTranscripts = byOrganism.get("Plasmodium falciparum 3D7").stream().filter(g -> g.transcriptIds().size() == 2).count();
        assertTrue(twoTranscripts > 100, "genes with two transcripts: " + twoTranscripts);
        Gene pf = byOrganism.get("Plasmodium falciparum 3D7").get(0);
        assertEquals(pf.sourceId() + ".1", pf.transcriptIds().get(0));
        assertTrue(pf.locationText().matches("Pf3D7_\\d\\d_v3: [\\d,]+ - [\\d,]+ \\([+-]\\)"), pf.locationText());
    }

    @Test
    void goAnnotationsUseRealFormatIdsAndPropagateToAncestors() {
        GoDag dag = DATA.goDag();
        assertTrue(dag.terms().stream().allMatch(t -> t.id().matches("GO:\\d{7}")));
        int kinase = dag.find("GO:0004672").index();
        int root = dag.find("GO:0003674").index();
        assertTrue(dag.descendantsOf(root).get(kinase));
        assertTrue(java.util.Arrays.stream(dag.ancestorsOf(kinase)).anyMatch(a -> a == root));
        long annotated = DATA.genesByOrganism().values().stream().flatMap(List::stream).filter(g -> !g.goAnnotations().isEmpty()).count();
        assertTrue(annotated > DATA.geneCount() / 3);
    }

    @Test
    void orthologGroupsLinkTheSitesAndThePortalAggregatesThem() {
        SiteData portal = SiteData.portal(DATA, "EuPathDB", List.of("PlasmoDB", "ToxoDB"));
        assertEquals(DATA.geneCount(), portal.genes().size());
        long crossGenus = portal.genes().stream().filter(g -> g.orthologGroup() != null)
                .collect(Collectors.groupingBy(Gene::orthologGroup, Collectors.mapping(g -> g.organism().projectId(), Collectors.toSet())))
                .values().stream().filter(projects -> projects.size() == 2).count();
        assertTrue(crossGenus > 100, "groups spanning PlasmoDB and ToxoDB: " + crossGenus);
        assertTrue(portal.genes().stream().allMatch(g -> g.organism().projectId().equals("PlasmoDB")
                || g.organism().projectId().equals("ToxoDB")));
    }
}
