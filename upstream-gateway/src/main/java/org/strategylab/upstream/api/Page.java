package org.strategylab.upstream.api;

import java.util.List;

/**
 * A page of a list (DECISIONS.md item 5: lists take {@code limit}/{@code offset} and return a total).
 *
 * @param items  this page's items
 * @param total  how many items the whole list has
 * @param limit  the page size asked for
 * @param offset the index of the first item
 */
public record Page<T>(List<T> items, int total, int limit, int offset) {

    public Page {
        items = List.copyOf(items);
    }

    /** The page of {@code all} at {@code offset} with at most {@code limit} items. */
    public static <T> Page<T> of(List<T> all, int limit, int offset) {
        int from = Math.min(offset, all.size());
        int to = Math.min(all.size(), from + limit);
        return new Page<>(all.subList(from, to), all.size(), limit, offset);
    }
}
