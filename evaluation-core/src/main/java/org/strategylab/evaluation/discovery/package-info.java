/**
 * Strategy discovery from control genes: given candidate searches and which positive and negative
 * controls each one returns (the site's control counts), find the boolean combinations of a few of
 * them that best separate the positives from the negatives, chosen so that the winner is not fitted
 * to the controls. Nothing here calls the site: a boolean combination's hits among the controls
 * follow exactly from its steps' hits, so the whole search runs on bit sets, and only the winners'
 * result sizes need the site again.
 *
 * <p>{@link org.strategylab.evaluation.discovery.StrategyDiscovery} is the entry point.
 */
package org.strategylab.evaluation.discovery;
