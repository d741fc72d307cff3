package org.strategylab.evaluation.stats;

import org.hipparchus.random.MersenneTwister;

import java.util.List;

/**
 * CPython's {@code random.Random(seed)} for the calls the evaluation uses: MT19937 seeded with
 * {@code init_by_array} of the seed's 32-bit words (Hipparchus' {@link MersenneTwister} implements
 * the same reference algorithm), {@code _randbelow} by rejection of the top bits, and
 * {@code shuffle}. With it, folds and bootstrap draws are reproducible against a Python reference
 * bit for bit (evaluation-semantics §16). Not thread-safe.
 */
public final class PythonRandom {
    private final MersenneTwister twister;

    /** A generator seeded like {@code random.Random(seed)} for a non-negative seed below 2^63. */
    public PythonRandom(long seed) {
        long s = Math.abs(seed);
        int[] key = (s >>> 32) == 0 ? new int[]{(int) s} : new int[]{(int) s, (int) (s >>> 32)};
        this.twister = new MersenneTwister(key);
    }

    /** Uniform integer in [0, n) as {@code random._randbelow(n)}; n must be in (0, 2^31). */
    public int randBelow(int n) {
        if (n <= 0) {
            throw new IllegalArgumentException("n must be positive: " + n);
        }
        int k = 32 - Integer.numberOfLeadingZeros(n); // bit length of n
        int r = twister.nextInt() >>> (32 - k);
        while (r >= n) {
            r = twister.nextInt() >>> (32 - k);
        }
        return r;
    }

    /** Shuffles in place as {@code random.shuffle}. */
    public <T> void shuffle(List<T> list) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = randBelow(i + 1);
            T tmp = list.get(i);
            list.set(i, list.get(j));
            list.set(j, tmp);
        }
    }
}
