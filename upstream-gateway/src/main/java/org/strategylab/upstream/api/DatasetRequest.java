package org.strategylab.upstream.api;

import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * An ID list to upload as a dataset.
 *
 * @param ids the IDs (blank ones are dropped), at most 100,000
 */
public record DatasetRequest(@NotEmpty @Size(max = 100_000) List<String> ids) {
}
