package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * A step of a site.
 *
 * @param stepId        the upstream id
 * @param searchName    its search
 * @param recordType    its record type
 * @param customName    its name
 * @param displayName   its search's label
 * @param parameters    its parameter values (WDK strings)
 * @param filters       its stored filters ({@code searchConfig.filters})
 * @param strategyId    the strategy it belongs to, if any
 * @param estimatedSize its result size as last computed, if known (WDK's "not computed" −1 is null)
 * @param validation    the site's verdict on the step; an invalid step will not run
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepView(long stepId, String searchName, String recordType, String customName, String displayName,
                       Map<String, String> parameters, JsonNode filters, Long strategyId, Long estimatedSize,
                       StepValidation validation) {
}
