package org.strategylab.evaluation;

import java.util.Collection;

/**
 * The largest list inputs the library and the CLI accept (issue 11 point 12). They sit well above
 * any real VEuPathDB use (the largest genome has about 60,000 genes; the portal about 1.5 million
 * across all organisms) and exist so a malformed or hostile request fails fast with a
 * {@link ValidationException} naming the field instead of occupying a worker for minutes. The
 * service layer reads them from here, so the API and the CLI cannot disagree.
 */
public final class InputLimits {

    /** K values of one rank or bootstrap request (distinct or not). */
    public static final int MAX_K_VALUES = 100;
    /** IDs in one list: ordered IDs, result IDs, controls, backgrounds, gene sets, experiment genes. */
    public static final int MAX_IDS = 2_000_000;
    /** Terms of one enrichment request. */
    public static final int MAX_TERMS = 200_000;
    /** Experiments of one overlap or enrichment comparison. */
    public static final int MAX_EXPERIMENTS = 100;
    /** Alternative negative sets of one bootstrap request. */
    public static final int MAX_ALTERNATIVE_NEGATIVE_SETS = 20;

    private InputLimits() {
    }

    /**
     * Refuses a list longer than {@code max}.
     *
     * @param field the field as named in the input
     * @param list  the list; {@code null} passes (absent is not too long)
     * @throws ValidationException naming the field
     */
    public static void requireAtMost(String field, Collection<?> list, int max) {
        if (list != null && list.size() > max) {
            throw new ValidationException(field, "at most " + max + " values are allowed, got " + list.size());
        }
    }

    /** Refuses an ID list longer than {@link #MAX_IDS}. */
    public static void requireIds(String field, Collection<?> ids) {
        requireAtMost(field, ids, MAX_IDS);
    }
}
