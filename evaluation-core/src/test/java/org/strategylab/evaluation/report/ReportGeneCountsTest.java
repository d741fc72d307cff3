package org.strategylab.evaluation.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.SampleExperiments;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.model.Experiment;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Counts are genes in the report too (issue 38 item 2), with the transcripts beside them where they differ. */
class ReportGeneCountsTest {
    private final ObjectMapper mapper = EvaluationJson.mapper();

    @Test
    void theResultSizeIsInGenesWithTranscriptsBesideWhereTheyDiffer() throws Exception {
        Experiment sample = SampleExperiments.sample(300);
        int genes = sample.metrics().totalResults();
        ObjectNode json = mapper.valueToTree(sample);
        ((ObjectNode) json.get("metrics")).put("totalTranscripts", genes + 15);
        Experiment withTranscripts = mapper.treeToValue(json, Experiment.class);

        String html = new HtmlReportRenderer().render(withTranscripts);
        assertTrue(html.contains("id=\"result-size\">" + genes + " genes (" + (genes + 15) + " transcripts)</td>"),
                "genes with transcripts beside");
        assertTrue(html.contains(sample.rankMetrics().totalResults() + " genes ranked (each gene once, at the position "
                + "of its first transcript)"), "the rank section counts genes");
        assertTrue(html.contains("list size (genes)"), "the list-size axis says genes");

        String plain = new HtmlReportRenderer().render(sample);
        assertTrue(plain.contains("id=\"result-size\">" + genes + " genes</td>"), "no transcripts when not stated");

        ((ObjectNode) json.get("metrics")).put("totalTranscripts", genes);
        String same = new HtmlReportRenderer().render(mapper.treeToValue(json, Experiment.class));
        assertTrue(same.contains("id=\"result-size\">" + genes + " genes</td>"), "equal counts: genes only");
    }
}
