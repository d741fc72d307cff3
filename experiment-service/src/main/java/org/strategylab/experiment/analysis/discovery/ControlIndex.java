package org.strategylab.experiment.analysis.discovery;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.strategylab.evaluation.ids.IdNormaliser;

/**
 * The controls' places: positive {@code i} is bit {@code i} of a step's positives, negative {@code j}
 * bit {@code j} of its negatives, as evaluation-core's discovery numbers them. A hit the site names
 * is matched to its control in any case and without a version suffix.
 */
final class ControlIndex {

    private final List<String> positives;
    private final List<String> negatives;
    private final Map<String, Integer> positiveAt = new HashMap<>();
    private final Map<String, Integer> negativeAt = new HashMap<>();

    ControlIndex(List<String> positives, List<String> negatives) {
        this.positives = List.copyOf(positives);
        this.negatives = List.copyOf(negatives);
        for (int i = 0; i < positives.size(); i++) {
            positiveAt.putIfAbsent(key(positives.get(i)), i);
        }
        for (int j = 0; j < negatives.size(); j++) {
            negativeAt.putIfAbsent(key(negatives.get(j)), j);
        }
    }

    List<String> positives() {
        return positives;
    }

    List<String> negatives() {
        return negatives;
    }

    /** The positives among the hits. */
    BitSet positiveBits(List<String> hits) {
        return bits(hits, positiveAt);
    }

    /** The negatives among the hits. */
    BitSet negativeBits(List<String> hits) {
        return bits(hits, negativeAt);
    }

    /** The controls of the bits, by ID. */
    List<String> positiveIds(BitSet bits) {
        return bits.stream().mapToObj(positives::get).toList();
    }

    List<String> negativeIds(BitSet bits) {
        return bits.stream().mapToObj(negatives::get).toList();
    }

    private static BitSet bits(List<String> hits, Map<String, Integer> at) {
        BitSet bits = new BitSet();
        if (hits != null) {
            for (String hit : hits) {
                Integer i = at.get(key(hit));
                if (i == null) {
                    String stripped = IdNormaliser.versionStripped(hit);
                    i = stripped == null ? null : at.get(key(stripped));
                }
                if (i != null) {
                    bits.set(i);
                }
            }
        }
        return bits;
    }

    private static String key(String id) {
        return id.trim().toUpperCase(Locale.ROOT);
    }
}
