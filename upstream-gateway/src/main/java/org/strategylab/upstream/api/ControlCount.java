package org.strategylab.upstream.api;

import java.util.List;

/**
 * How one control set meets a strategy's result.
 *
 * @param label     the control set
 * @param submitted how many IDs were given
 * @param found     how many genes of the site they name
 * @param hits      how many of those genes are in the result
 * @param hitIds    those genes' IDs
 */
public record ControlCount(String label, int submitted, long found, long hits, List<String> hitIds) {
}
