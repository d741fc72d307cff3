package org.strategylab.upstream.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One of a site's public strategies, as an example plan: what its author called and described it,
 * and its step tree (searches with their labels and parameter values, boolean operators, sizes).
 * Name, description and author are the author's own text on the site, not StrategyLab's.
 *
 * @param name          its name on the site
 * @param description   its author's description, if any
 * @param author        the author's display name
 * @param organization  the author's organisation, if given
 * @param recordType    the record type of its result
 * @param estimatedSize its result size in genes as the site last computed it, if known
 * @param signature     the site's signature of the strategy (WDK copies a public strategy by it)
 * @param score         how well it matches the query (the ranking's score), when a query was given
 * @param match         why it matched, when a query was given
 * @param rootStep      its root step, each node as {@link StrategyTree.Node}; absent if the site would not show it
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record PublicStrategy(String name, String description, String author, String organization, String recordType,
                             Long estimatedSize, String signature, Double score, MatchReason match,
                             StrategyTree.Node rootStep) {

    /** This strategy with its step tree. */
    public PublicStrategy withRootStep(StrategyTree.Node root) {
        return new PublicStrategy(name, description, author, organization, recordType, estimatedSize, signature, score,
                match, root);
    }
}
