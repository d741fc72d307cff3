package org.strategylab.evaluation.ids;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.HashSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The flat string tables behave like the java.util collections they replace, through growth. */
class IdStructuresProperties {

    @Provide
    Arbitrary<List<String>> ids() {
        return Arbitraries.strings().withChars("PF3D7_0123.").ofMinLength(0).ofMaxLength(9).list().ofMaxSize(400);
    }

    @Property(tries = 300)
    void internerNumbersInFirstSeenOrder(@ForAll("ids") List<String> ids) {
        IdInterner interner = new IdInterner(1); // forces growth
        Map<String, Integer> reference = new LinkedHashMap<>();
        for (String id : ids) {
            Integer expected = reference.computeIfAbsent(id, k -> reference.size());
            assertEquals(expected, interner.intern(id));
        }
        assertEquals(reference.size(), interner.size());
        assertArrayEquals(reference.keySet().toArray(new String[0]), interner.toArray());
    }

    @Property(tries = 300)
    void openSetAddsLikeAHashSet(@ForAll("ids") List<String> ids) {
        OpenStringSet set = new OpenStringSet(1);
        Set<String> reference = new HashSet<>();
        for (String id : ids) {
            assertEquals(reference.add(id), set.add(new String(id))); // equal, not identical
        }
        assertEquals(reference.size(), set.size());
    }
}
