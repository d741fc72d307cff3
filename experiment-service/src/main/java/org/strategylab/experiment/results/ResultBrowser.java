package org.strategylab.experiment.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Iterator;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.evaluation.metrics.RecordClassifier;
import org.strategylab.evaluation.model.GeneInfo;
import org.strategylab.evaluation.model.RecordClass;
import org.strategylab.experiment.api.ExperimentResults;
import org.strategylab.experiment.api.RecordRequest;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.experiments.ExperimentService;
import org.strategylab.experiment.run.ExperimentViews;
import org.strategylab.experiment.rest.UpstreamFailureMapper;

/**
 * An experiment's result records on the site, read through upstream-gateway as the caller: the
 * attributes a table can show, pages of records each labelled with its {@code _classification}
 * (TP/FP/FN/TN against the experiment's gene lists, null when in none; rule 4.5.4), one record, and
 * attribute distributions. An experiment without an upstream step (gene-ID mode, or a failed run)
 * has no records: 409 {@code NO_UPSTREAM_STEP}.
 */
@ApplicationScoped
public class ResultBrowser {

    @Inject
    ExperimentService experiments;

    @Inject
    UpstreamGateway upstream;

    public Uni<JsonNode> attributes(String callerId, String token, String id) {
        return experiments.owned(callerId, id).chain(row -> {
            String recordType = ExperimentViews.settings(row).recordType();
            return upstream.attributes(token, row.siteId, recordType).onFailure(UpstreamFailure.class)
                    .transform(UpstreamFailureMapper::problem)
                    .map(attributes -> {
                        ObjectNode answer = EvaluationJson.mapper().createObjectNode();
                        answer.set("attributes", EvaluationJson.mapper().valueToTree(attributes));
                        answer.put("recordType", recordType);
                        return answer;
                    });
        });
    }

    public Uni<JsonNode> records(String callerId, String token, String id, int offset, int limit, String sort,
                                 String direction, String attributes) {
        return experiments.owned(callerId, id).chain(row -> {
            long step = step(row);
            RecordClassifier classifier = classifier(row);
            return upstream.records(token, row.siteId, step, offset, limit, sort, direction, attributes)
                    .onFailure(UpstreamFailure.class).transform(UpstreamFailureMapper::problem)
                    .map(page -> {
                        ObjectNode answer = EvaluationJson.mapper().createObjectNode();
                        ArrayNode records = answer.putArray("records");
                        for (org.strategylab.upstream.api.ResultRecord record : page.records()) {
                            records.add(classified(EvaluationJson.mapper().valueToTree(record), classifier));
                        }
                        ObjectNode meta = answer.putObject("meta");
                        meta.put("totalCount", page.totalCount());
                        meta.put("displayTotalCount", page.displayTotalCount());
                        meta.put("responseCount", records.size());
                        meta.putObject("pagination").put("offset", offset).put("numRecords", limit);
                        meta.put("stepId", step);
                        meta.put("metricsStale", row.metricsStale);
                        return answer;
                    });
        });
    }

    public Uni<JsonNode> record(String callerId, String token, String id, RecordRequest request) {
        return experiments.owned(callerId, id).chain(row -> {
            step(row);
            java.util.Map<String, String> key = new java.util.LinkedHashMap<>();
            request.primaryKey().forEach(part -> key.put(part.name(), part.value()));
            var body = new org.strategylab.upstream.api.RecordRequest(ExperimentViews.settings(row).recordType(), key,
                    request.attributes() == null ? java.util.List.of() : request.attributes(),
                    request.tables() == null ? java.util.List.of() : request.tables());
            return upstream.record(token, row.siteId, body).onFailure(UpstreamFailure.class).transform(UpstreamFailureMapper::problem)
                    .map(record -> classified(EvaluationJson.mapper().valueToTree(record), classifier(row)));
        });
    }

    public Uni<JsonNode> distribution(String callerId, String token, String id, String column) {
        return experiments.owned(callerId, id).chain(row -> upstream.distribution(token, row.siteId, step(row), column)
                .onFailure(UpstreamFailure.class).transform(UpstreamFailureMapper::problem)
                .map(distribution -> EvaluationJson.mapper().valueToTree(distribution)));
    }

    static long step(ExperimentEntity row) {
        if (row.upstreamStepId == null) {
            throw ProblemException.conflict("NO_UPSTREAM_STEP", ExperimentViews.settings(row).geneIdMode()
                    ? "A gene-ID experiment has no result on the site to browse"
                    : "The experiment has no result on the site (yet): it is " + row.status);
        }
        return row.upstreamStepId;
    }

    private static RecordClassifier classifier(ExperimentEntity row) {
        ExperimentResults results = ExperimentViews.results(row);
        return new RecordClassifier(ids(results.truePositiveGenes()), ids(results.falsePositiveGenes()),
                ids(results.falseNegativeGenes()), ids(results.trueNegativeGenes()));
    }

    private static java.util.List<String> ids(java.util.List<GeneInfo> genes) {
        return genes.stream().map(GeneInfo::id).toList();
    }

    /** The record with {@code _classification}: its id, else any primary-key value that is a control. */
    private static JsonNode classified(JsonNode record, RecordClassifier classifier) {
        ObjectNode copy = record.deepCopy();
        RecordClass label = record.hasNonNull("id") ? classifier.classify(record.path("id").asText()) : null;
        for (Iterator<JsonNode> values = record.path("primaryKey").elements(); label == null && values.hasNext(); ) {
            label = classifier.classify(values.next().asText());
        }
        if (label == null) {
            copy.putNull("_classification");
        } else {
            copy.put("_classification", label.name());
        }
        return copy;
    }

    /** The classified genes of the caller's experiment as CSV ({@link ClassifiedResultsCsv}). */
    public Uni<String> resultsCsv(String callerId, String id) {
        return experiments.owned(callerId, id).map(row -> ClassifiedResultsCsv.of(ExperimentViews.results(row)));
    }
}
