package org.strategylab.evaluation.ids;

import java.util.ArrayList;
import java.util.List;
import java.util.RandomAccess;

/**
 * Tells, element by element, whether an ID of a list is seen for the first time: the
 * de-duplication of a list's non-control IDs in rank metrics and classification.
 *
 * <p>Why not a plain string set: real lists rarely repeat an ID, and keeping 3,000 strings in a
 * set was a third of the rank-metric time. This keeps only hash codes ({@link HashCodeSet}) and
 * the positions of the IDs it has passed; distinct hash codes prove distinct IDs. At the first
 * repeated hash code (a true duplicate, or two IDs that collide, such as {@code Aa} and
 * {@code BB}) it moves the (hash code, position) pairs passed so far into an exact set
 * ({@link PositionedIdSet}), without reading a string, and answers exactly from then on: a list
 * with duplicates costs a little more, never a wrong answer.
 */
public final class FirstSightings {
    private final List<String> list;
    private HashCodeSet hashes;
    /** The IDs passed so far, as {@link PositionedIdSet#entry} values: hash code and position. */
    private long[] passed;
    private int passedCount;
    private PositionedIdSet exact;

    /** For the elements of {@code list}, which must not change while this is in use. */
    public FirstSightings(List<String> list) {
        this.list = list instanceof RandomAccess ? list : new ArrayList<>(list);
        this.hashes = new HashCodeSet(list.size());
        this.passed = new long[list.size()];
    }

    /**
     * Whether {@code id}, the trimmed form of the list's element at {@code position}, is the first
     * of its value among the elements offered so far. Offer elements in list order, each at most once.
     */
    public boolean isFirst(String id, int position) {
        if (exact != null) {
            return exact.add(id, position);
        }
        int h = id.hashCode();
        if (hashes.add(h)) {
            passed[passedCount++] = PositionedIdSet.entry(h, position);
            return true;
        }
        exact = new PositionedIdSet(list);
        for (int k = 0; k < passedCount; k++) { // their hash codes were all distinct: no string is read
            exact.addKnownDistinct(passed[k]);
        }
        hashes = null; // no longer needed
        passed = null;
        return exact.add(id, position);
    }
}
