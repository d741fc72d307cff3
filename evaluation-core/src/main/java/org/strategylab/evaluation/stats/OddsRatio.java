package org.strategylab.evaluation.stats;

/**
 * The odds ratio of a 2×2 table [[a, b], [c, d]]. The sample odds ratio a·d/(b·c) is infinite when
 * b·c = 0 &lt; a·d and undefined (0/0) when both products are 0; then {@code value} is null and
 * {@code flag} says {@code infinite} or {@code undefined} — never a finite stand-in (DECISIONS 19).
 * {@code haldane} adds 0.5 to every cell (Haldane–Anscombe) and is always finite.
 */
public record OddsRatio(Double value, String flag, double haldane) {
    /** {@code flag} when b·c = 0 &lt; a·d. */
    public static final String INFINITE = "infinite";
    /** {@code flag} when a·d = b·c = 0. */
    public static final String UNDEFINED = "undefined";

    /** Computes both estimates. */
    public static OddsRatio of(long a, long b, long c, long d) {
        double ad = (double) a * d;
        double bc = (double) b * c;
        double haldane = (a + 0.5) * (d + 0.5) / ((b + 0.5) * (c + 0.5));
        if (bc > 0) {
            return new OddsRatio(ad / bc, null, haldane);
        }
        return new OddsRatio(null, ad > 0 ? INFINITE : UNDEFINED, haldane);
    }
}
