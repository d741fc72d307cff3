package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * How an experiment's result is shown: parameter values as the site displays them, and the records'
 * sort. Part of {@link ExperimentSettings}, written flat into its JSON.
 *
 * @param parameterDisplayValues each parameter's value as the site shows it
 * @param sortAttribute          the records' sort column
 * @param sortDirection          {@code ASC} or {@code DESC}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ResultDisplay(Map<String, String> parameterDisplayValues, String sortAttribute, String sortDirection) {

    /** The sort direction, only when a sort column is set (the site takes none without one). */
    public String sortDirectionIfSorted() {
        return sortAttribute == null ? null : sortDirection;
    }
}
