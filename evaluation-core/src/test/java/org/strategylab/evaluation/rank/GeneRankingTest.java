package org.strategylab.evaluation.rank;

import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.ids.ControlSets;
import org.strategylab.evaluation.model.RankMetrics;
import org.strategylab.evaluation.model.RecallPoint;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneRankingTest {

    /** Rows of a transcript result: gene B has two transcripts (rows 2 and 4), gene D three. */
    private static final List<String> GENE_PER_ROW = List.of("A", "B", "C", "B", "D", "D", "E", "D");

    @Test
    void aGeneWithSeveralTranscriptsIsRankedOnceAtItsFirstPosition() {
        GeneRanking ranking = GeneRanking.fromRows(GENE_PER_ROW);
        assertEquals(List.of("A", "B", "C", "D", "E"), ranking.geneIds());
        assertEquals(5, ranking.geneCount());
        assertEquals(8, ranking.rowCount());
        assertTrue(ranking.transcriptsDiffer());
        assertEquals("5 genes (8 transcripts)", ranking.describe());
    }

    @Test
    void oneTranscriptPerGeneShowsGenesOnly() {
        GeneRanking ranking = GeneRanking.fromRows(List.of("A", " ", "B"));
        assertFalse(ranking.transcriptsDiffer());
        assertEquals("2 genes", ranking.describe());
        assertEquals("1 gene", GeneRanking.fromRows(List.of("A")).describe());
    }

    @Test
    void rankMetricsAndListSizeCurvesAreInGenes() {
        ControlSets controls = ControlSets.of(List.of("B", "E"), List.of());
        RankMetrics metrics = RankMetricsCalculator.compute(GeneRanking.fromRows(GENE_PER_ROW).geneIds(),
                controls, List.of(2, 5));
        assertEquals(5, metrics.totalResults(), "n counts genes, not the 8 rows");
        // B at gene rank 2 (row 2), E at gene rank 5 (row 7): P@2 = 1/2, P@5 = 2/5.
        assertEquals(0.5, metrics.precisionAtK().get(2), 1e-12);
        assertEquals(0.4, metrics.precisionAtK().get(5), 1e-12);
        assertEquals(1.0, metrics.recallAtK().get(5), 1e-12);
        assertEquals((1.0 / 2 + 2.0 / 5) / 2, metrics.averagePrecision(), 1e-12);
        List<RecallPoint> curve = metrics.listSizeVsRecall();
        assertEquals(5, curve.get(curve.size() - 1).listSize(), "the curve ends at the gene count");
        assertEquals(1.0, curve.get(curve.size() - 1).recall(), 1e-12);
    }

    /** The rule: a gene with transcripts at rows 1 and 3 counts once, at rank 1; the next gene is rank 2. */
    @Test
    void aGeneAtRowsOneAndThreeIsRankOneAndTheNextGeneRankTwo() {
        GeneRanking ranking = GeneRanking.fromRows(List.of("PF3D7_A", "PF3D7_B", "PF3D7_A", "PF3D7_C"));
        assertEquals(List.of("PF3D7_A", "PF3D7_B", "PF3D7_C"), ranking.geneIds());
        assertEquals("3 genes (4 transcripts)", ranking.describe());
        // positives A and B: over genes they hold ranks 1 and 2 (P@2 = 1, AP = 1); over the rows B would sit at 2
        // behind A, and A's second row at 3 would take a rank of its own, pushing C to 4
        RankMetrics metrics = RankMetricsCalculator.compute(ranking.geneIds(),
                ControlSets.of(List.of("PF3D7_A", "PF3D7_C"), List.of()), List.of(1, 2, 3));
        assertEquals(3, metrics.totalResults());
        assertEquals(1.0, metrics.precisionAtK().get(1), 1e-12);
        assertEquals(0.5, metrics.precisionAtK().get(2), 1e-12);
        assertEquals(2.0 / 3, metrics.precisionAtK().get(3), 1e-12, "C is rank 3 of 3 genes, not rank 4");
        assertEquals((1.0 + 2.0 / 3) / 2, metrics.averagePrecision(), 1e-12);
        // Enrichment@K's base rate is |P| / n over genes: 2/3
        assertEquals(1.0 / (2.0 / 3), metrics.enrichmentAtK().get(1), 1e-12);
    }
}
