package org.strategylab.upstream.api;

import java.util.List;

/**
 * The parameters of a search, with vocabularies computed for the given context values.
 *
 * @param searchName  the search
 * @param recordType  its record type
 * @param displayName its label
 * @param parameters  its parameters in form order
 */
public record SearchParamSpecs(String searchName, String recordType, String displayName, List<ParamSpec> parameters) {
}
