package org.strategylab.upstream.service.steps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.evaluation.rank.GeneRanking;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.upstream.api.AnalysisType;
import org.strategylab.upstream.api.ColumnDistribution;
import org.strategylab.upstream.api.Dataset;
import org.strategylab.upstream.api.OrderedIds;
import org.strategylab.upstream.api.ResultPage;
import org.strategylab.upstream.api.ResultRecord;
import org.strategylab.upstream.api.StepFilters;
import org.strategylab.upstream.api.StepTreeSpec;
import org.strategylab.upstream.api.StepView;
import org.strategylab.upstream.api.TemporaryResult;
import org.strategylab.upstream.client.UpstreamFailure;
import org.strategylab.upstream.client.UpstreamSession;
import org.strategylab.upstream.client.WdkAnalysisClient;
import org.strategylab.upstream.client.WdkJson;
import org.strategylab.upstream.client.WdkResponse;
import org.strategylab.upstream.client.WdkStepClient;
import org.strategylab.upstream.config.UpstreamConfig;
import org.strategylab.upstream.service.catalog.CatalogReader;
import org.strategylab.upstream.service.catalog.RecordAttributes;

/**
 * A user's steps on a site: create and read them, page through and count their results, read
 * their ordered IDs, keep filters in their search config, summarise a column, prepare downloads,
 * and upload ID lists as datasets.
 */
@ApplicationScoped
public class StepService {

    /** The record type that has transcripts per gene; gene-level reads keep one transcript per gene. */
    public static final String TRANSCRIPT = "transcript";

    /** WDK's attribute holding a record's id. */
    static final String RECORD_ID_ATTRIBUTE = "primary_key";

    @Inject
    StepTreeBuilder builder;

    @Inject
    WdkStepClient steps;

    @Inject
    WdkAnalysisClient analyses;

    @Inject
    UpstreamConfig config;

    @Inject
    RecordAttributes recordAttributes;

    @Inject
    CatalogReader catalog;

    /**
     * Creates an unattached leaf step. The new step is read back; when that read fails (the site
     * just answered its id, so even a 404 is the site's failure, a 502), the step is deleted again
     * (best effort) rather than left on the site.
     */
    public Uni<StepView> create(UpstreamSession session, String recordType, String searchName,
                                Map<String, Object> parameters, String customName, Integer weight) {
        StepTreeSpec leaf = new StepTreeSpec(null, searchName, parameters, null, customName, weight, null, null);
        return builder.build(session, recordType, leaf, "").chain(built -> steps.step(session, built.root().stepId())
                .map(response -> UpstreamAnswers.stepView(response.okJson()))
                .onFailure().call(() -> builder.deleteSteps(session, built.created())));
    }

    /** One step. */
    public Uni<StepView> get(UpstreamSession session, long stepId) {
        return stepJson(session, stepId).map(UpstreamAnswers::stepView);
    }

    /** Renames a step. */
    public Uni<StepView> rename(UpstreamSession session, long stepId, String customName) {
        return steps.renameStep(session, stepId, customName)
                .map(response -> UpstreamAnswers.step(response, stepId))
                .chain(() -> get(session, stepId));
    }

    /**
     * Deletes an unattached step.
     *
     * @throws ProblemException 409 {@code STEP_IN_STRATEGY} while a strategy uses it
     */
    public Uni<Void> delete(UpstreamSession session, long stepId) {
        return steps.deleteStep(session, stepId).map(response -> {
            if (response.status() == 409) {
                throw ProblemException.conflict("STEP_IN_STRATEGY", "Step " + stepId + " belongs to a strategy; "
                        + "delete or change the strategy instead");
            }
            return UpstreamAnswers.step(response, stepId);
        }).replaceWithVoid();
    }

    /** A page of a step's records (a step must be in a strategy to run). */
    public Uni<ResultPage> records(UpstreamSession session, long stepId, int offset, Integer limit, String sortAttribute,
                                   String direction, List<String> attributes) {
        int size = pageSize(limit);
        String dir = direction(direction);
        return runnableStep(session, stepId).chain(step -> {
            ObjectNode reportConfig = WdkJson.reportConfig(offset, size, List.of(), sortAttribute, dir);
            if (attributes == null || attributes.isEmpty()) {
                reportConfig.put("attributes", "__DEFAULT_ATTRIBUTES__");
            } else {
                reportConfig.set("attributes", WdkJson.strings(attributes));
            }
            return steps.report(session, stepId, reportConfig, null);
        }).map(response -> {
            JsonNode report = reportOrReject(response, stepId);
            List<ResultRecord> records = new ArrayList<>();
            report.path("records").forEach(r -> records.add(UpstreamAnswers.record(r)));
            return new ResultPage(stepId, records, UpstreamAnswers.meta(report, "totalCount"),
                    UpstreamAnswers.meta(report, "displayTotalCount"), offset, size);
        });
    }

    /**
     * The ordered IDs of a step's result, one per gene (spec rule 4.5.11: default at most 5000,
     * optional sort attribute and direction); never more than asked for, whatever the site answers.
     *
     * <p>Genes are ranked by {@link GeneRanking} (issue 38 item 2): the site's rows are read in the
     * asked order, transcripts included, and each gene takes the rank of its first transcript row,
     * so a gene never holds two ranks and, sorted by a transcript-level attribute, its best
     * transcript decides its place. When the first page's rows name fewer genes than asked for, one
     * more page reads the rest: the result's transcript rows beyond one per gene (its
     * {@code viewTotalCount} minus {@code displayViewTotalCount}) bound how many rows are needed.
     */
    public Uni<OrderedIds> orderedIds(UpstreamSession session, long stepId, Integer max, String sortAttribute,
                                      String direction) {
        int limit = maxIds(max, "query:max");
        String dir = sortAttribute == null ? null : direction(direction);
        return runnableStep(session, stepId)
                .chain(step -> rowPage(session, stepId, 0, limit, sortAttribute, dir))
                .chain(first -> {
                    List<String> rows = geneIdPerRow(first);
                    long transcripts = UpstreamAnswers.meta(first, "viewTotalCount");
                    long genes = UpstreamAnswers.meta(first, "displayViewTotalCount");
                    int found = GeneRanking.fromRows(rows).geneCount();
                    if (found >= limit || rows.size() >= transcripts || rows.size() < limit) {
                        return Uni.createFrom().item(orderedIds(stepId, rows, limit, genes, transcripts, sortAttribute, dir));
                    }
                    long spare = Math.max(0, transcripts - genes);
                    int more = (int) Math.min(Integer.MAX_VALUE, (limit - found) + spare);
                    return rowPage(session, stepId, rows.size(), more, sortAttribute, dir).map(next -> {
                        List<String> all = new ArrayList<>(rows);
                        all.addAll(geneIdPerRow(next));
                        return orderedIds(stepId, all, limit, genes, transcripts, sortAttribute, dir);
                    });
                });
    }

    /** One page of a step's rows (every transcript), only their keys. */
    private Uni<JsonNode> rowPage(UpstreamSession session, long stepId, int offset, int size, String sortAttribute,
                                  String dir) {
        ObjectNode reportConfig = WdkJson.reportConfig(offset, size, List.of(), sortAttribute, dir);
        return steps.report(session, stepId, reportConfig, null).map(response -> reportOrReject(response, stepId));
    }

    private static OrderedIds orderedIds(long stepId, List<String> rows, int limit, long genes, long transcripts,
                                         String sortAttribute, String dir) {
        GeneRanking ranking = GeneRanking.fromRows(rows);
        List<String> all = ranking.geneIds();
        List<String> ids = all.size() > limit ? List.copyOf(all.subList(0, limit)) : all;
        long total = genes > 0 || transcripts == 0 ? genes : ranking.geneCount();
        return new OrderedIds(stepId, ids, total, transcripts, total > ids.size() || all.size() > ids.size(),
                sortAttribute, dir);
    }

    /** For each record of a report, the gene it belongs to (a transcript's first key column). */
    private static List<String> geneIdPerRow(JsonNode report) {
        List<String> genes = new ArrayList<>();
        report.path("records").forEach(r -> genes.add(UpstreamAnswers.recordId(r)));
        return genes;
    }

    /** The step's stored filters. */
    public Uni<StepFilters> filters(UpstreamSession session, long stepId) {
        return stepJson(session, stepId).map(step -> new StepFilters(step.path("searchConfig").path("filters")));
    }

    /**
     * Replaces the step's stored filters: its search config is written back whole, parameters
     * (answer parameters included) unchanged, as WDK requires (upstream-wdk.md §3.5).
     */
    public Uni<StepFilters> replaceFilters(UpstreamSession session, long stepId, JsonNode filters) {
        if (filters == null || !filters.isArray()) {
            return Uni.createFrom().failure(ProblemException.invalid("Filters must be a list",
                    List.of(new FieldError("/filters", "a list of {name, value, disabled?}"))));
        }
        return stepJson(session, stepId).chain(step -> {
            ObjectNode searchConfig = WdkJson.object();
            searchConfig.set("parameters", step.path("searchConfig").path("parameters"));
            searchConfig.set("filters", filters);
            JsonNode weight = step.path("searchConfig").get("wdkWeight");
            if (weight != null && weight.canConvertToInt()) {
                searchConfig.put("wdkWeight", weight.asInt());
            }
            return steps.replaceSearchConfig(session, stepId, searchConfig);
        }).map(response -> {
            if (response.status() == 400 || response.status() == 422) {
                throw UpstreamAnswers.rejected("The site refused these filters", response, "/filters");
            }
            response.requireOk(); // the step was just read: a 404 below it is the site's failure
            return new StepFilters(filters);
        });
    }

    /** The distribution of a column over the step's result; empty when the site cannot summarise it. */
    public Uni<ColumnDistribution> distribution(UpstreamSession session, long stepId, String column) {
        return runnableStep(session, stepId)
                .chain(step -> steps.columnDistribution(session, stepId, column))
                .map(response -> {
                    if (response.status() == 404 || response.status() == 400 || response.status() == 422) {
                        return new ColumnDistribution(column, false, WdkJson.array(), WdkJson.object());
                    }
                    JsonNode body = response.okJson();
                    JsonNode histogram = body.path("histogram");
                    boolean supported = histogram.isArray() && !histogram.isEmpty();
                    if (!supported) {
                        // WDK still counts the subset (and its missing values) for a column it cannot
                        // summarise; the answer for such a column is empty throughout (spec §7.6)
                        return new ColumnDistribution(column, false, WdkJson.array(), WdkJson.object());
                    }
                    return new ColumnDistribution(column, true, histogram,
                            body.path("statistics").isObject() ? body.get("statistics") : WdkJson.object());
                });
    }

    /**
     * Prepares a download of the step's result; the site serves it at the answered URL. The record
     * id column always comes first, so every row says which record it is.
     */
    public Uni<TemporaryResult> temporaryResult(UpstreamSession session, long stepId, String format,
                                                List<String> attributes) {
        ObjectNode reportConfig = WdkJson.object();
        if (attributes == null || attributes.isEmpty()) {
            reportConfig.put("attributes", "__DEFAULT_ATTRIBUTES__");
        } else {
            Set<String> columns = new LinkedHashSet<>();
            columns.add(RECORD_ID_ATTRIBUTE);
            columns.addAll(attributes);
            reportConfig.set("attributes", WdkJson.strings(columns));
        }
        String reporter = "attributesTabular";
        switch (format) {
            case "csv" -> reportConfig.put("includeHeader", true).put("attachmentType", "csv");
            case "tab" -> reportConfig.put("includeHeader", true).put("attachmentType", "plain");
            default -> reporter = "json";
        }
        String reportName = reporter;
        return runnableStep(session, stepId)
                .call(step -> knownAttributes(session, step, attributes))
                .chain(step -> steps.createTemporaryResult(session, stepId, reportName, reportConfig))
                .map(response -> {
                    if (response.status() == 400 || response.status() == 422) {
                        throw UpstreamAnswers.rejected("The site refused this download", response, "/attributes");
                    }
                    String id = WdkJson.text(response.okJson(), "id");
                    if (id == null) {
                        throw UpstreamFailure.malformed(response.siteId(),
                                response.operation(), response.status(), "no temporary result id");
                    }
                    return new TemporaryResult(id, format, session.site().baseUrl() + "/temporary-results/" + id);
                });
    }

    /**
     * Checks download columns against the step's record type and its search's dynamic attributes
     * (from the cached catalogue), so a wrong name ({@code product} for {@code gene_product}) is a
     * 422 naming it rather than a refusal of the site's. When the catalogue cannot say (a record
     * type or search it does not list, or no answer), the site decides.
     */
    private Uni<Void> knownAttributes(UpstreamSession session, JsonNode step, List<String> attributes) {
        String recordType = step.path("recordClassName").asText(null);
        String searchName = step.path("searchName").asText(null);
        if (attributes == null || attributes.isEmpty() || recordType == null || searchName == null) {
            return Uni.createFrom().voidItem();
        }
        String siteId = session.site().id();
        Uni<Set<String>> fields = recordAttributes.of(siteId, recordType).map(list -> {
            Set<String> names = new HashSet<>();
            list.forEach(field -> names.add(field.name()));
            return names;
        });
        Uni<Set<String>> dynamic = catalog.search(siteId, recordType, searchName).map(search -> {
            Set<String> names = new HashSet<>();
            search.path("dynamicAttributes").forEach(attribute -> names.add(attribute.path("name").asText()));
            return names;
        });
        return Uni.combine().all().unis(fields, dynamic).with((a, b) -> {
                    Set<String> known = new HashSet<>(a);
                    known.addAll(b);
                    known.add(RECORD_ID_ATTRIBUTE);
                    return known;
                })
                .onFailure().recoverWithNull()
                .invoke(known -> {
                    if (known == null) {
                        return;
                    }
                    List<FieldError> errors = new ArrayList<>();
                    for (int i = 0; i < attributes.size(); i++) {
                        if (!known.contains(attributes.get(i))) {
                            errors.add(new FieldError("/attributes/" + i, "'" + attributes.get(i)
                                    + "' is not an attribute of record type '" + recordType + "'"));
                        }
                    }
                    if (!errors.isEmpty()) {
                        throw ProblemException.invalid("Unknown download columns", errors);
                    }
                })
                .replaceWithVoid();
    }

    /** The analyses a step offers. */
    public Uni<List<AnalysisType>> analysisTypes(UpstreamSession session, long stepId) {
        return runnableStep(session, stepId).chain(step -> analyses.types(session, stepId)).map(response -> {
            List<AnalysisType> types = new ArrayList<>();
            // the step was just read: a 404 for its analysis types is the site's failure (502), not an unknown step
            for (JsonNode t : response.okJson()) {
                List<String> params = new ArrayList<>();
                t.path("paramNames").forEach(p -> params.add(p.asText()));
                types.add(new AnalysisType(t.path("name").asText(), t.path("displayName").asText(null),
                        t.path("shortDescription").asText(t.path("description").asText(null)), params));
            }
            return types;
        });
    }

    /** Uploads an ID list as a dataset of the user. */
    public Uni<Dataset> uploadDataset(UpstreamSession session, List<String> ids) {
        List<String> clean = ids.stream().filter(id -> id != null && !id.isBlank()).map(String::trim).toList();
        if (clean.isEmpty()) {
            return Uni.createFrom().failure(ProblemException.invalid("No IDs",
                    List.of(new FieldError("/ids", "give at least one non-blank ID"))));
        }
        return steps.createDataset(session, clean).map(response -> {
            if (response.status() == 400 || response.status() == 422) {
                throw UpstreamAnswers.rejected("The site refused the ID list", response, "/ids");
            }
            return new Dataset(response.createdId(), clean.size());
        });
    }

    /** The step's JSON; 404 when it is not the caller's. */
    Uni<JsonNode> stepJson(UpstreamSession session, long stepId) {
        return steps.step(session, stepId).map(response -> UpstreamAnswers.step(response, stepId).json());
    }

    /**
     * The step's JSON, when it can run: WDK runs a step's reports only inside a strategy.
     *
     * @throws ProblemException 409 {@code STEP_NOT_IN_STRATEGY}
     */
    public Uni<JsonNode> runnableStep(UpstreamSession session, long stepId) {
        return stepJson(session, stepId).map(step -> {
            if (step.path("strategyId").isNull() || step.path("strategyId").isMissingNode()) {
                throw ProblemException.conflict("STEP_NOT_IN_STRATEGY",
                        "Step " + stepId + " is not part of a strategy, so its result cannot be read yet");
            }
            return step;
        });
    }

    /**
     * A step report's JSON; a refused report config (unknown attribute or sort) is a 422. The step
     * was read just before, so any other failure (a 404 included) is the site's: a 502.
     */
    static JsonNode reportOrReject(WdkResponse response, long stepId) {
        if (response.status() == 400 || response.status() == 422) {
            throw UpstreamAnswers.rejected("The site refused this report (unknown attribute or sort?)", response,
                    "query:attributes");
        }
        return response.okJson();
    }

    /** Record ids of a report, first key column, each once, in order. */
    public static List<String> distinctIds(JsonNode report) {
        Set<String> ids = new LinkedHashSet<>();
        report.path("records").forEach(r -> {
            String id = UpstreamAnswers.recordId(r);
            if (id != null) {
                ids.add(id);
            }
        });
        return new ArrayList<>(ids);
    }

    int maxIds(Integer max, String pointer) {
        UpstreamConfig.Results results = config.results();
        int value = max == null ? results.orderedIdsDefault() : max;
        if (value < 0 || value > results.orderedIdsCeiling()) {
            throw ProblemException.invalid("Maximum out of range", List.of(new FieldError(pointer,
                    "must be between 0 and " + results.orderedIdsCeiling())));
        }
        return value;
    }

    private int pageSize(Integer limit) {
        UpstreamConfig.Results results = config.results();
        int value = limit == null ? results.previewDefault() : limit;
        if (value < 0 || value > results.pageCeiling()) {
            throw ProblemException.invalid("Limit out of range", List.of(new FieldError("query:limit",
                    "must be between 0 and " + results.pageCeiling())));
        }
        return value;
    }

    static String direction(String direction) {
        String dir = direction == null ? "ASC" : direction.toUpperCase(Locale.ROOT);
        if (!dir.equals("ASC") && !dir.equals("DESC")) {
            throw ProblemException.invalid("Unknown direction", List.of(new FieldError("query:direction",
                    "must be ASC or DESC")));
        }
        return dir;
    }
}
