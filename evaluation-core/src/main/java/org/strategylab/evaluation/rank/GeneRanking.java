package org.strategylab.evaluation.rank;

import org.strategylab.evaluation.ids.IdNormaliser;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * The one unit rule for ranked results (issue 38 item 2): a site result of a transcript record
 * class has one row per transcript, but every count and rank the user sees is in genes. A gene is
 * ranked once, at the position of its first transcript row; its later rows are dropped, and the
 * row count is kept beside the gene count so pages can say "220 genes (235 transcripts)".
 *
 * @param geneIds  the distinct gene IDs, best first (each at its first row's position)
 * @param rowCount the number of rows read (transcripts for a transcript record class)
 */
public record GeneRanking(List<String> geneIds, int rowCount) {

    /** Copies the gene list; the row count cannot be below the gene count. */
    public GeneRanking {
        geneIds = List.copyOf(geneIds);
        if (rowCount < geneIds.size()) {
            throw new IllegalArgumentException("rowCount " + rowCount + " < genes " + geneIds.size());
        }
    }

    /**
     * Ranks genes from the rows of a result, best first: {@code geneIdPerRow} holds, for each row,
     * the gene the row belongs to (blank rows are skipped and not counted).
     */
    public static GeneRanking fromRows(List<String> geneIdPerRow) {
        Objects.requireNonNull(geneIdPerRow, "geneIdPerRow");
        LinkedHashSet<String> genes = new LinkedHashSet<>();
        int rows = 0;
        for (String raw : geneIdPerRow) {
            String id = IdNormaliser.trim(raw);
            if (id == null) {
                continue;
            }
            rows++;
            genes.add(id);
        }
        return new GeneRanking(new ArrayList<>(genes), rows);
    }

    /** The number of genes (the count every page, API field and rank metric uses). */
    public int geneCount() {
        return geneIds.size();
    }

    /** Whether the rows were more than the genes, i.e. some gene has several transcripts. */
    public boolean transcriptsDiffer() {
        return rowCount != geneIds.size();
    }

    /** "220 genes (235 transcripts)", or "220 genes" when every gene has one row. */
    public String describe() {
        return describe(geneCount(), rowCount);
    }

    /**
     * How every page and the report say a result's size: "220 genes (235 transcripts)", the
     * transcripts only when known ({@code transcripts} not null) and different from the genes.
     */
    public static String describe(long genes, Integer transcripts) {
        String text = genes + (genes == 1 ? " gene" : " genes");
        return transcripts != null && transcripts != genes
                ? text + " (" + transcripts + (transcripts == 1 ? " transcript)" : " transcripts)") : text;
    }
}
