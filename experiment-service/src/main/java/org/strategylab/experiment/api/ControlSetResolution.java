package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.OffsetDateTime;
import java.util.List;
import org.strategylab.edge.problem.FieldError;

/**
 * How a control set's lists resolved against its site when they were last saved. The set keeps its
 * IDs as typed; this says what an experiment using it would count.
 *
 * @param status            {@code resolved}, or {@code unknown} when the site could not be asked (the set
 *                          was saved all the same)
 * @param checkedAt         when the lists were looked up
 * @param controlResolution per list: distinct genes, renamed IDs, unknown IDs (not counted), duplicates
 *                          (merged); absent when unknown
 * @param genesInBothLists  genes both lists name once resolved; absent when unknown
 * @param warnings          why an experiment with the set as it is would be refused, naming the list
 *                          ({@code /positiveIds}, {@code /negativeIds}); absent when unknown
 * @param reason            why the resolution is unknown; absent when resolved
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ControlSetResolution(String status, OffsetDateTime checkedAt, ControlResolution controlResolution,
                                   List<String> genesInBothLists, List<FieldError> warnings, String reason) {

    public static final String RESOLVED = "resolved";
    public static final String UNKNOWN = "unknown";
}
