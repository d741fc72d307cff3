package org.strategylab.evaluation.ids;

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
    public static final int NOT_A_CONTROL = StringIndex.ABSENT;

    private final List<String> positives;
    private final List<String> negatives;
    /** ID → code: i ≥ 0 for positive i, −(j+1) for negative j. */
    private final StringIndex index;

    private ControlSets(List<String> positives, List<String> negatives) {
        this.positives = List.copyOf(positives);
        this.negatives = List.copyOf(negatives);
        this.index = new StringIndex(positives.size() + negatives.size());
        for (int i = 0; i < positives.size(); i++) {
            index.putIfAbsent(positives.get(i), i);
        }
        for (int j = 0; j < negatives.size(); j++) {
            if (index.putIfAbsent(negatives.get(j), -(j + 1)) != StringIndex.ABSENT) {
                throw new ValidationException("negativeControls",
                        "ID '" + negatives.get(j) + "' is also a positive control");
            }
        }
    }

    /**
     * Cleans both lists with {@link IdNormaliser#clean} and indexes them.
     *
     * @throws ValidationException if an ID is in both lists
     */
    public static ControlSets of(Collection<String> positives, Collection<String> negatives) {
        return new ControlSets(IdNormaliser.clean(positives), IdNormaliser.clean(negatives));
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
        int code = index.get(trimmedId);
        if (code == StringIndex.ABSENT && trimmedId.indexOf('.') > 0) {
            code = index.get(IdNormaliser.versionStripped(trimmedId));
        }
        return code;
    }

    /** Whether the ID (or its version-stripped form) is a positive control. */
    public boolean isPositive(String trimmedId) {
        Integer code = codeOf(trimmedId);
        return code != null && code >= 0;
    }
}
