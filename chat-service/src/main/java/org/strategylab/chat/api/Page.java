package org.strategylab.chat.api;

import java.util.List;

/**
 * One page of a list.
 *
 * @param items  this page
 * @param total  how many items the whole list has
 * @param limit  the page size asked for
 * @param offset the index of the first item
 */
public record Page<T>(List<T> items, long total, int limit, int offset) {
}
