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
}
