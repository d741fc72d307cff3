package org.strategylab.evaluation.ids;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedList;
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

    /**
     * IDs whose hash codes collide ("Aa" and "BB") share a slot's tag too, so the interner must tell
     * them apart by the strings; sized for the whole list (no growth) and for one (growing throughout).
     */
    @Property(tries = 300)
    void internerTellsApartIdsWithEqualHashCodes(@ForAll("collidingIds") List<String> ids, @ForAll boolean presized) {
        IdInterner interner = new IdInterner(presized ? ids.size() : 1);
        Map<String, Integer> reference = new LinkedHashMap<>();
        for (String id : ids) {
            Integer expected = reference.computeIfAbsent(id, k -> reference.size());
            assertEquals(expected, interner.intern(id));
        }
        for (Map.Entry<String, Integer> e : reference.entrySet()) {
            assertEquals(e.getValue(), interner.numberOf(new String(e.getKey()))); // an equal string, not the same one
        }
        assertEquals(IdInterner.ABSENT, interner.numberOf("ABABABAB")); // longer than any generated ID
        assertArrayEquals(reference.keySet().toArray(new String[0]), interner.toArray());
    }

    /** Over "ABab" many distinct IDs share hash codes ("Aa" and "BB"), so the exact mode is exercised. */
    @Provide
    Arbitrary<List<String>> collidingIds() {
        return Arbitraries.strings().withChars("ABab").ofMinLength(1).ofMaxLength(4).list().ofMaxSize(300);
    }

    /** Colliding IDs with padding, blanks and nulls. */
    @Provide
    Arbitrary<List<String>> paddedIds() {
        return Arbitraries.strings().withChars("ABab \t").ofMaxLength(4).injectNull(0.05).list().ofMaxSize(300);
    }

    /** {@link IdNormaliser#clean} trims, drops blanks and keeps first occurrences, as a LinkedHashSet does. */
    @Property(tries = 300)
    void cleanKeepsTheFirstOfEachTrimmedIdInOrder(@ForAll("paddedIds") List<String> ids) {
        java.util.LinkedHashSet<String> reference = new java.util.LinkedHashSet<>();
        for (String id : ids) {
            if (id != null && !id.isBlank()) {
                reference.add(id.strip());
            }
        }
        assertEquals(new ArrayList<>(reference), IdNormaliser.clean(ids));
    }

    @Property(tries = 300)
    void firstSightingsAnswerLikeAHashSet(@ForAll("collidingIds") List<String> ids) {
        List<String> list = new ArrayList<>();
        for (String id : ids) {
            list.add(" " + id); // the list holds untrimmed elements; the trimmed ID is offered
        }
        FirstSightings sightings = new FirstSightings(list);
        Set<String> reference = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            String id = new String(ids.get(i)); // equal, not identical
            assertEquals(reference.add(id), sightings.isFirst(id, i), "element " + i + " of " + ids);
        }
    }

    @Property(tries = 100)
    void firstSightingsWorkOnAListWithoutRandomAccess(@ForAll("collidingIds") List<String> ids) {
        FirstSightings sightings = new FirstSightings(new LinkedList<>(ids));
        Set<String> reference = new HashSet<>();
        for (int i = 0; i < ids.size(); i++) {
            assertEquals(reference.add(ids.get(i)), sightings.isFirst(ids.get(i), i));
        }
    }

    @Property(tries = 300)
    void hashCodeSetAddsLikeAHashSetOfCodes(@ForAll List<Integer> codes) {
        HashCodeSet set = new HashCodeSet(codes.size());
        Set<Integer> reference = new HashSet<>();
        for (int code : codes) {
            assertEquals(reference.add(code == 0 ? 1 : code), set.add(code)); // 0 stands as 1
        }
    }

    /**
     * {@link ControlSets#of} (one interner over both raw lists) against the definition on plain
     * collections: each list cleaned, an ID in both a validation error naming the first such
     * negative, and each ID's code from its own form, else its version-stripped form.
     */
    @Property(tries = 500)
    void controlSetsIndexTheCleanedListsAsTheDefinition(@ForAll("versionedIds") List<String> positives,
                                                        @ForAll("versionedIds") List<String> negatives,
                                                        @ForAll("versionedIds") List<String> probes) {
        List<String> p = IdNormaliser.clean(positives);
        List<String> n = IdNormaliser.clean(negatives);
        String both = n.stream().filter(p::contains).findFirst().orElse(null);
        if (both != null) {
            org.strategylab.evaluation.ValidationException e = org.junit.jupiter.api.Assertions.assertThrows(
                    org.strategylab.evaluation.ValidationException.class, () -> ControlSets.of(positives, negatives));
            assertEquals("negativeControls", e.field());
            assertEquals("negativeControls: ID '" + both + "' is also a positive control", e.getMessage());
            return;
        }
        ControlSets controls = ControlSets.of(positives, negatives);
        assertEquals(p, controls.positives());
        assertEquals(n, controls.negatives());
        for (String raw : probes) {
            String id = IdNormaliser.trim(raw);
            if (id == null) {
                continue;
            }
            String stripped = IdNormaliser.versionStripped(id);
            String key = p.contains(id) || n.contains(id) ? id
                    : stripped != null && (p.contains(stripped) || n.contains(stripped)) ? stripped : null;
            Integer expected = key == null ? null : p.contains(key) ? p.indexOf(key) : -(n.indexOf(key) + 1);
            assertEquals(expected, controls.codeOf(id), id);
        }
    }

    /** Short IDs over "ABab" with versions, padding and blanks: duplicates, collisions and stripped matches. */
    @Provide
    Arbitrary<List<String>> versionedIds() {
        return Arbitraries.strings().withChars("ABab. ").ofMaxLength(5).injectNull(0.02).list().ofMaxSize(60);
    }
}
