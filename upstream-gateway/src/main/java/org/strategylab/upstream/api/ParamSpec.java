package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * One parameter of a search, as callers need it to fill a form or build a step. Values are sent as
 * JSON (strings, numbers, booleans, arrays for multi-pick); StrategyLab encodes them the WDK way.
 *
 * @param name                the parameter's name
 * @param displayName         its label
 * @param type                WDK's type: {@code string}, {@code number}, {@code number-range},
 *                            {@code single-pick-vocabulary}, {@code multi-pick-vocabulary},
 *                            {@code input-step}, {@code input-dataset}, {@code date}, …
 * @param help                help text
 * @param isVisible           whether a form shows it
 * @param isReadOnly          whether it may be changed
 * @param allowEmptyValue     whether it may be empty
 * @param multiPick           whether several values may be chosen
 * @param displayType         {@code select}, {@code checkBox}, {@code typeAhead}, {@code treeBox} (vocabularies)
 * @param minSelectedCount    fewest values to choose (vocabularies)
 * @param maxSelectedCount    most values to choose, -1 for no limit (vocabularies)
 * @param countOnlyLeaves     whether only leaves of a tree count toward the limits
 * @param vocabulary          the choices (vocabularies)
 * @param initialDisplayValue the default, in WDK's string form
 * @param min                 smallest value (numbers)
 * @param max                 largest value (numbers)
 * @param increment           step of the value (numbers)
 * @param isNumber            whether a string parameter holds a number
 * @param group               the form group
 * @param dependentParams     parameters whose vocabularies depend on this one
 * @param properties          the site's extra settings of the parameter, name to values (WDK {@code properties})
 * @param depthExpanded       how many levels of a tree vocabulary a form opens at first
 * @param parsers             the ways a dataset parameter's ids may be written (dataset parameters)
 * @param length              the longest value a string parameter takes
 * @param isMultiLine         whether a string parameter is a text area rather than one line
 * @param isInteger           whether a number parameter takes whole numbers only (null when the site does not say)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ParamSpec(
        String name,
        String displayName,
        String type,
        String help,
        @JsonProperty("isVisible") Boolean isVisible,
        @JsonProperty("isReadOnly") Boolean isReadOnly,
        Boolean allowEmptyValue,
        Boolean multiPick,
        String displayType,
        Integer minSelectedCount,
        Integer maxSelectedCount,
        Boolean countOnlyLeaves,
        List<VocabularyTerm> vocabulary,
        String initialDisplayValue,
        Double min,
        Double max,
        Double increment,
        @JsonProperty("isNumber") Boolean isNumber,
        String group,
        List<String> dependentParams,
        Map<String, List<String>> properties,
        Integer depthExpanded,
        List<Parser> parsers,
        Integer length,
        @JsonProperty("isMultiLine") Boolean isMultiLine,
        @JsonProperty("isInteger") Boolean isInteger) {

    /**
     * One way of writing a dataset parameter's ids.
     *
     * @param name        the parser's name
     * @param displayName its label
     * @param description what it reads
     */
    public record Parser(String name, String displayName, String description) {
    }
}
