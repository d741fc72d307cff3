package org.strategylab.upstream.api;

import java.util.List;

/**
 * The parameters of a search, with vocabularies computed for the given context values.
 *
 * @param searchName  the search
 * @param recordType  its record type
 * @param displayName its label
 * @param parameters  its parameters in form order
 * @param filters     the filters its results can take (WDK's step filters and view filters; only those not
 *                    view-only can be kept on a step)
 */
public record SearchParamSpecs(String searchName, String recordType, String displayName, List<ParamSpec> parameters,
                               List<SearchFilter> filters) {

    /** Parameters without filters. */
    public SearchParamSpecs(String searchName, String recordType, String displayName, List<ParamSpec> parameters) {
        this(searchName, recordType, displayName, parameters, List.of());
    }
}
