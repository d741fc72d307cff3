package org.strategylab.upstream.service.steps;

import org.strategylab.upstream.service.catalog.CatalogReader;
import org.strategylab.upstream.service.catalog.CatalogService;
import org.strategylab.upstream.service.catalog.ParamEncoder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.SearchRun;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkCatalogClient;
import org.strategylab.upstream.client.WdkJson;

/**
 * Runs a search without leaving anything on the site (WDK's anonymous report, upstream-wdk.md
 * §3.1 #7) and reads its IDs and count. It runs as the calling user, so datasets the user uploaded
 * can be parameter values, and IDs given to a dataset parameter are uploaded as its dataset first.
 */
@ApplicationScoped
public class SearchRunner {

    @Inject
    CatalogReader catalog;

    @Inject
    WdkCatalogClient wdk;

    @Inject
    StepService steps;

    @Inject
    DatasetUploads datasets;

    /** Runs the search; IDs in its default order, one per gene. */
    public Uni<SearchRun> run(UpstreamSession session, String recordType, String searchName,
                              Map<String, Object> parameters, Integer maxIds) {
        int max = steps.maxIds(maxIds, "/maxIds");
        boolean transcripts = StepService.TRANSCRIPT.equals(recordType);
        return report(session, recordType, searchName, parameters, "", WdkJson.reportConfig(0, max, List.of(), null, null),
                transcripts ? WdkJson.representativeTranscriptOnly() : null)
                .map(report -> {
                    List<String> all = StepService.distinctIds(report);
                    // a site may answer more records than asked for: the caller's maximum holds all the same
                    List<String> ids = all.size() > max ? List.copyOf(all.subList(0, max)) : all;
                    long genes = UpstreamAnswers.meta(report, "displayTotalCount");
                    return new SearchRun(searchName, UpstreamAnswers.meta(report, "totalCount"), genes, ids,
                            all.size() > ids.size() || UpstreamAnswers.meta(report, "displayViewTotalCount") > ids.size());
                });
    }

    /**
     * Counts a search's result without a step or strategy (a report of no records): WDK's
     * {@code meta} with {@code totalCount} (rows: transcripts for genes) and {@code displayTotalCount}
     * (genes).
     *
     * @param at where the search is in the caller's request ({@code /tree}); problems name fields below it
     */
    public Uni<JsonNode> count(UpstreamSession session, String recordType, String searchName,
                               Map<String, Object> parameters, String at) {
        return report(session, recordType, searchName, parameters, at, WdkJson.reportConfig(0, 0, List.of(), null, null),
                null);
    }

    private Uni<JsonNode> report(UpstreamSession session, String recordType, String searchName,
                                 Map<String, Object> parameters, String at, ObjectNode reportConfig, JsonNode viewFilters) {
        String siteId = session.site().id();
        return catalog.search(siteId, recordType, searchName)
                .onFailure(ProblemException.class).transform(e -> ProblemException.invalid("Unknown search",
                        List.of(new FieldError(at + "/searchName", "site '" + siteId + "' has no search '" + searchName
                                + "' for record type '" + recordType + "'"))))
                .chain(data -> {
                    if (!ParamEncoder.inputStepParams(data).isEmpty()) {
                        throw ProblemException.invalid("Not a leaf search", List.of(new FieldError(at + "/searchName",
                                searchName + " transforms an input step; run it as a step tree")));
                    }
                    ParamEncoder.Encoded encoded = ParamEncoder.encode(data, parameters, at + "/parameters");
                    if (!encoded.errors().isEmpty()) {
                        throw ProblemException.invalid("Search " + searchName + " does not accept these values",
                                encoded.errors());
                    }
                    // ID lists of dataset parameters are uploaded as the user's datasets first
                    return datasets.resolve(session, encoded, at + "/parameters").chain(values -> {
                        ObjectNode searchConfig = WdkJson.object();
                        searchConfig.set("parameters", WdkJson.stringMap(values));
                        return wdk.searchReport(session, recordType, searchName, searchConfig, reportConfig, viewFilters);
                    });
                })
                .map(response -> {
                    if (response.status() == 400 || response.status() == 422) {
                        throw CatalogService.invalidValues(searchName, response.validationBundle(), at + "/parameters");
                    }
                    return response.okJson();
                });
    }
}
