package org.strategylab.evaluation.stats;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.strategylab.evaluation.Fixtures;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PythonRandomTest {
    @Test
    void reproducesCpythonRandomBitForBit() {
        for (JsonNode c : Fixtures.load("python_random.json")) {
            long seed = c.get("seed").asLong();
            PythonRandom r = new PythonRandom(seed);
            for (int i = 0; i < c.get("randBelow").size(); i++) {
                assertEquals(c.get("randBelow").get(i).asInt(), r.randBelow(c.get("randBelowN").get(i).asInt()),
                        "seed " + seed + " draw " + i);
            }
            List<Integer> list = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                list.add(i);
            }
            new PythonRandom(seed).shuffle(list);
            assertEquals(Fixtures.ints(c.get("shuffle25")), list, "seed " + seed + " shuffle");
        }
    }

    @Test
    void sharedDrawPermutationsEqualShufflesByFreshGenerators() {
        for (long seed : new long[]{0, 1, 42, 4_294_967_296L + 7}) {
            int[] sizes = {0, 1, 2, 25, 1000, 3, 2000, 1999, 2000};
            int[][] permutations = PythonRandom.shufflePermutations(seed, sizes);
            for (int s = 0; s < sizes.length; s++) {
                List<Integer> list = new ArrayList<>();
                for (int i = 0; i < sizes[s]; i++) {
                    list.add(i);
                }
                new PythonRandom(seed).shuffle(list);
                List<Integer> permutation = new ArrayList<>();
                for (int v : permutations[s]) {
                    permutation.add(v);
                }
                assertEquals(list, permutation, "seed " + seed + " size " + sizes[s]);
            }
        }
    }
}
