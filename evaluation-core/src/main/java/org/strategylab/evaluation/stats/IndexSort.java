package org.strategylab.evaluation.stats;

/**
 * A stable sort of indexes by a primitive key, without boxing: sorting 15,000 boxed indexes with a
 * comparator costs milliseconds, this costs a fraction of one.
 */
public final class IndexSort {
    private IndexSort() {
    }

    /** Indexes 0..n−1 ordered by ascending {@code keys[i]}, ties in index order. */
    public static int[] ascending(double[] keys) {
        int n = keys.length;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        int[] tmp = new int[n];
        // bottom-up merge sort: stable, O(n log n), insertion sort for short runs
        final int run = 16;
        for (int lo = 0; lo < n; lo += run) {
            int hi = Math.min(lo + run, n);
            for (int i = lo + 1; i < hi; i++) {
                int v = a[i];
                int j = i - 1;
                while (j >= lo && Double.compare(keys[a[j]], keys[v]) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
        }
        for (int width = run; width < n; width *= 2) {
            for (int lo = 0; lo < n - width; lo += 2 * width) {
                int mid = lo + width;
                int hi = Math.min(lo + 2 * width, n);
                if (Double.compare(keys[a[mid - 1]], keys[a[mid]]) <= 0) {
                    continue; // already in order
                }
                System.arraycopy(a, lo, tmp, lo, hi - lo);
                int i = lo;
                int j = mid;
                int k = lo;
                while (i < mid && j < hi) {
                    a[k++] = Double.compare(keys[tmp[j]], keys[tmp[i]]) < 0 ? tmp[j++] : tmp[i++];
                }
                while (i < mid) {
                    a[k++] = tmp[i++];
                }
                while (j < hi) {
                    a[k++] = tmp[j++];
                }
            }
        }
        return a;
    }
}
