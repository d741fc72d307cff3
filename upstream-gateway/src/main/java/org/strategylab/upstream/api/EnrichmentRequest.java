package org.strategylab.upstream.api;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import java.util.Map;

/**
 * A step analysis (enrichment) to run, on a persisted step ({@code stepId}) or on a new search or
 * tree ({@code tree}, run in a temporary strategy that is deleted afterwards). Exactly one of the
 * two is given.
 *
 * @param recordType     the tree's record type (default {@code transcript})
 * @param stepId         a persisted step of the caller
 * @param tree           a search or tree to analyse
 * @param analysisName   {@code go-enrichment}, {@code pathway-enrichment} or {@code word-enrichment}
 * @param parameters     form values; the form's defaults fill the rest, vocabulary values are sent as JSON arrays
 * @param maxWaitSeconds give up sooner than the configured maximum wait
 */
public record EnrichmentRequest(String recordType, Long stepId, @Valid StepTreeSpec tree, @NotBlank String analysisName,
                                Map<String, Object> parameters, @Min(1) @Max(3600) Integer maxWaitSeconds) {
}
