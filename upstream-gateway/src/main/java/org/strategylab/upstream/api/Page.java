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

    /**
     * The page of {@code all} at {@code offset} with at most {@code limit} items; an offset past the
     * end gives an empty page. The bounds are computed in {@code long}, so no offset and limit
     * (up to {@link Integer#MAX_VALUE} each) can overflow.
     */
    public static <T> Page<T> of(List<T> all, int limit, int offset) {
        int from = (int) Math.min(Math.max(offset, 0L), all.size());
        int to = (int) Math.min(all.size(), (long) from + Math.max(limit, 0L));
        return new Page<>(all.subList(from, to), all.size(), limit, offset);
    }
}
