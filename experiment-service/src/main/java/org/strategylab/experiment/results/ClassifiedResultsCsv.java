package org.strategylab.experiment.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.util.ArrayList;
import java.util.List;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.experiment.api.ExperimentResults;

/**
 * The experiment's classified genes as CSV (RFC 4180: comma-separated, header row, fields with commas,
 * quotes or line breaks quoted by Jackson's CSV writer): one row per gene of the four lists, TP, FN, FP,
 * then TN, each list in its stored order.
 */
public final class ClassifiedResultsCsv {
    /** The columns, in order. */
    public static final List<String> COLUMNS = List.of("gene_id", "class", "name", "organism", "product");

    private static final CsvMapper MAPPER = new CsvMapper();
    private static final CsvSchema SCHEMA = CsvSchema.builder().setUseHeader(true)
            .addColumns(COLUMNS, CsvSchema.ColumnType.STRING).build();

    /** One row of the file. */
    record Row(String geneId, String geneClass, String name, String organism, String product) {
        Object[] cells() {
            return new Object[] {geneId, geneClass, name, organism, product};
        }
    }

    private ClassifiedResultsCsv() {
    }

    /** The CSV text of the results' four gene lists. */
    public static String of(ExperimentResults results) {
        List<Object[]> rows = new ArrayList<>();
        add(rows, "TP", results.truePositiveGenes());
        add(rows, "FN", results.falseNegativeGenes());
        add(rows, "FP", results.falsePositiveGenes());
        add(rows, "TN", results.trueNegativeGenes());
        try {
            return MAPPER.writer(SCHEMA).writeValueAsString(rows);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("strings always write as CSV", e);
        }
    }

    private static void add(List<Object[]> rows, String geneClass, List<GeneInfo> genes) {
        if (genes == null) {
            return;
        }
        for (GeneInfo g : genes) {
            rows.add(new Row(g.id(), geneClass, g.name(), g.organism(), g.product()).cells());
        }
    }
}
