package org.strategylab.evaluation.ids;

import org.strategylab.evaluation.InputLimits;
import org.strategylab.evaluation.ValidationException;

import java.util.Collection;
import java.util.List;

/**
 * Normalised positive and negative control lists with an index from ID to control, prepared once
 * per experiment and shared by every evaluation against the same controls. An ID may not be both
 * a positive and a negative control.
 */
public final class ControlSets {
    /** What {@link #controlCode} returns for an ID that is no control. */
    public static final int NOT_A_CONTROL = Integer.MIN_VALUE;

    private final List<String> positives;
    private final List<String> negatives;
    /** {@code positives.size()}, read on every lookup. */
    private final int positiveCount;
    /** Every control numbered in list order: positive i is number i, negative j is number |P| + j. */
    private final IdInterner numbers;
    /**
     * The length of the shortest control. A version-stripped ID is at least one character shorter
     * than the ID, so an ID no longer than this cannot match by its stripped form and is never
     * scanned for a dot: on a list of unversioned IDs that scan was a third of the lookup time.
     */
    private final int shortestControl;

    /**
     * Why one pass: cleaning each list into a new list and then indexing both hashed every control
     * twice and built three tables; building the index per call was three quarters of gene-ID mode.
     * Interning the trimmed IDs in list order numbers the distinct ones exactly as
     * {@link IdNormaliser#clean} orders them, so the index is the cleaning.
     */
    private ControlSets(Collection<String> rawPositives, Collection<String> rawNegatives) {
        int expected = (rawPositives == null ? 0 : rawPositives.size()) + (rawNegatives == null ? 0 : rawNegatives.size());
        this.numbers = new IdInterner(expected);
        int shortest = Integer.MAX_VALUE;
        if (rawPositives != null) {
            for (String raw : rawPositives) {
                String id = IdNormaliser.trim(raw);
                if (id != null) {
                    numbers.intern(id);
                    shortest = Math.min(shortest, id.length());
                }
            }
        }
        int p = numbers.size();
        if (rawNegatives != null) {
            for (String raw : rawNegatives) {
                String id = IdNormaliser.trim(raw);
                if (id != null) {
                    if (numbers.intern(id) < p) { // it already had a positive's number
                        throw new ValidationException("negativeControls", "ID '" + id + "' is also a positive control");
                    }
                    shortest = Math.min(shortest, id.length());
                }
            }
        }
        this.positives = numbers.list(0, p);
        this.negatives = numbers.list(p, numbers.size());
        this.positiveCount = p;
        this.shortestControl = shortest;
    }

    /**
     * Cleans both lists as {@link IdNormaliser#clean} does and indexes them.
     *
     * @throws ValidationException if an ID is in both lists
     */
    public static ControlSets of(Collection<String> positives, Collection<String> negatives) {
        InputLimits.requireIds("positiveControls", positives);
        InputLimits.requireIds("negativeControls", negatives);
        return new ControlSets(positives, negatives);
    }

    public List<String> positives() {
        return positives;
    }

    public List<String> negatives() {
        return negatives;
    }

    /**
     * The control code of an already-trimmed ID, trying its version-stripped form second:
     * {@code i ≥ 0} for positive i, {@code −(j+1)} for negative j, or null if it is no control.
     */
    public Integer codeOf(String trimmedId) {
        int code = controlCode(trimmedId);
        return code == NOT_A_CONTROL ? null : code;
    }

    /** As {@link #codeOf} without boxing: {@link #NOT_A_CONTROL} when the ID is no control. */
    public int controlCode(String trimmedId) {
        int number = numbers.numberOf(trimmedId);
        if (number == IdInterner.ABSENT && trimmedId.length() > shortestControl && trimmedId.lastIndexOf('.') > 0) {
            number = numbers.numberOf(IdNormaliser.versionStripped(trimmedId));
        }
        if (number == IdInterner.ABSENT) {
            return NOT_A_CONTROL;
        }
        int p = positiveCount;
        return number < p ? number : -(number - p + 1);
    }

    /** Whether the ID (or its version-stripped form) is a positive control. */
    public boolean isPositive(String trimmedId) {
        Integer code = codeOf(trimmedId);
        return code != null && code >= 0;
    }
}
