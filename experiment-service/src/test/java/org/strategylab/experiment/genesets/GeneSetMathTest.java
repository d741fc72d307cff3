package org.strategylab.experiment.genesets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.strategylab.experiment.api.ControlResolution;
import org.strategylab.experiment.api.GeneSetComparison;
import org.strategylab.experiment.api.GeneSetComparison.Intersection;
import org.strategylab.experiment.api.GeneSetComparison.SetSize;
import org.strategylab.experiment.api.GeneSetComparison.SharedPair;
import org.strategylab.experiment.genesets.GeneSetMath.NamedSet;
import org.strategylab.experiment.genesets.GeneSetMath.Operation;

/** The set algebra and the comparison, on plain lists. */
class GeneSetMathTest {

    private static final List<String> LEFT = List.of("G3", "G1", "G2", "G5");
    private static final List<String> RIGHT = List.of("G2", "G4", "G3", "G6");

    @Test
    void eachOperationKeepsTheLeftSetsOrder() {
        assertEquals(List.of("G3", "G1", "G2", "G5", "G4", "G6"), GeneSetMath.apply(Operation.UNION, LEFT, RIGHT));
        assertEquals(List.of("G3", "G2"), GeneSetMath.apply(Operation.INTERSECTION, LEFT, RIGHT));
        assertEquals(List.of("G1", "G5"), GeneSetMath.apply(Operation.DIFFERENCE, LEFT, RIGHT));
        assertEquals(List.of("G4", "G6"), GeneSetMath.apply(Operation.DIFFERENCE, RIGHT, LEFT));
    }

    @Test
    void idsAreCleanedBeforeTheyAreCompared() {
        assertEquals(List.of("G1"), GeneSetMath.apply(Operation.INTERSECTION, List.of(" G1 ", "G1", "", "G2"), List.of("G1")));
        assertEquals(List.of("G1"), GeneSetMath.apply(Operation.UNION, List.of(), List.of("G1", "G1")));
        assertEquals(List.of(), GeneSetMath.apply(Operation.INTERSECTION, LEFT, List.of()));
    }

    @Test
    void aSetsGenesAreItsIdsWithTheSitesCurrentNames() {
        List<ControlResolution.RenamedControl> renamed = List.of(new ControlResolution.RenamedControl("pf3d7_0106300", "PF3D7_0106300"),
                new ControlResolution.RenamedControl("PF3D7_0105300.1", "PF3D7_0105300"));
        assertEquals(List.of("PF3D7_0105300", "PF3D7_0106300", "FAKE_1"),
                GeneSetMath.genes(List.of("PF3D7_0105300", " pf3d7_0106300", "PF3D7_0105300.1", "FAKE_1"), renamed));
        assertEquals(List.of("G1"), GeneSetMath.genes(List.of("G1"), null));
    }

    @Test
    void operationsAreNamedAsRequestsNameThem() {
        assertEquals(Operation.INTERSECTION, Operation.of("intersection"));
        assertEquals("difference", Operation.DIFFERENCE.word());
    }

    @Test
    void threeSetsComparedGiveSizesPairsAndEveryMembershipPattern() {
        GeneSetComparison comparison = GeneSetMath.compare(List.of(
                new NamedSet("a", "A", List.of("G1", "G2", "G3", "G4")),
                new NamedSet("b", "B", List.of("G3", "G4", "G5")),
                new NamedSet("c", "C", List.of("G4", "G6", "G7", "G8"))));

        assertEquals(List.of(new SetSize("a", "A", 4, 2), new SetSize("b", "B", 3, 1), new SetSize("c", "C", 4, 3)),
                comparison.sets());
        assertEquals(List.of(new SharedPair("a", "b", 2), new SharedPair("a", "c", 1), new SharedPair("b", "c", 1)),
                comparison.pairs());
        assertEquals(8, comparison.totalGenes());
        // largest first; equal counts: fewer sets first, then the earlier sets first
        assertEquals(List.of(
                new Intersection(List.of("c"), 3, List.of("G6", "G7", "G8")),
                new Intersection(List.of("a"), 2, List.of("G1", "G2")),
                new Intersection(List.of("b"), 1, List.of("G5")),
                new Intersection(List.of("a", "b"), 1, List.of("G3")),
                new Intersection(List.of("a", "b", "c"), 1, List.of("G4"))), comparison.intersections());
        // every gene is in exactly one pattern
        assertEquals(comparison.totalGenes(), comparison.intersections().stream().mapToInt(Intersection::count).sum());
    }

    @Test
    void identicalAndDisjointSets() {
        GeneSetComparison same = GeneSetMath.compare(List.of(new NamedSet("a", "A", List.of("G1", "G2")),
                new NamedSet("b", "B", List.of("G2", "G1"))));
        assertEquals(List.of(new Intersection(List.of("a", "b"), 2, List.of("G1", "G2"))), same.intersections());
        assertEquals(List.of(0, 0), same.sets().stream().map(SetSize::uniqueCount).toList());

        GeneSetComparison apart = GeneSetMath.compare(List.of(new NamedSet("a", "A", List.of("G1")),
                new NamedSet("b", "B", List.of("G2"))));
        assertEquals(List.of(new SharedPair("a", "b", 0)), apart.pairs());
        assertEquals(List.of(List.of("a"), List.of("b")),
                apart.intersections().stream().map(Intersection::setIds).toList());
    }
}
