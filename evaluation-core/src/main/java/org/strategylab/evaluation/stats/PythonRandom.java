package org.strategylab.evaluation.stats;

import org.hipparchus.random.MersenneTwister;

import java.util.Arrays;
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

    /**
     * For each size n, the order in which {@code random.Random(seed).shuffle} leaves {@code range(n)}:
     * element i of the shuffled list is element {@code permutations[s][i]} of the original. Equal to
     * shuffling each list with a fresh {@code PythonRandom(seed)}.
     *
     * <p>Why: cross-validation shuffles both control lists with generators of the same seed, and
     * seeding a Mersenne Twister and drawing from it cost about as much as the shuffles themselves.
     * The generator's 32-bit outputs do not depend on how they are used, so they are drawn once and
     * replayed for every size.
     */
    public static int[][] shufflePermutations(long seed, int... sizes) {
        PythonRandom source = new PythonRandom(seed);
        int largest = 0;
        for (int size : sizes) {
            largest = Math.max(largest, size);
        }
        int[] raw = new int[Math.max(16, largest + largest / 2)]; // about 1.4 draws per element; grows if needed
        int drawn = 0;
        int[][] permutations = new int[sizes.length][];
        for (int s = 0; s < sizes.length; s++) {
            int[] order = new int[sizes[s]];
            for (int i = 0; i < order.length; i++) {
                order[i] = i;
            }
            int used = 0;
            for (int i = order.length - 1; i > 0; i--) {
                int n = i + 1;
                int shift = Integer.numberOfLeadingZeros(n); // 32 − bit length of n, as randBelow
                int r;
                do {
                    if (used == drawn) {
                        if (drawn == raw.length) {
                            raw = Arrays.copyOf(raw, raw.length * 2);
                        }
                        raw[drawn++] = source.twister.nextInt();
                    }
                    r = raw[used++] >>> shift;
                } while (r >= n);
                int tmp = order[i];
                order[i] = order[r];
                order[r] = tmp;
            }
            permutations[s] = order;
        }
        return permutations;
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
