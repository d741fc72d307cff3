package org.strategylab.evaluation.ids;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The one ID normaliser every feature uses (evaluation-semantics 1.2, 1.4): trim, drop blanks,
 * de-duplicate keeping the first occurrence, and match a transcript ID by its version-stripped form
 * when the ID itself is not known (rule 4.5.4).
 */
public final class IdNormaliser {
    private IdNormaliser() {
    }

    /** Trimmed, non-blank, de-duplicated IDs in first-seen order; null gives an empty list. */
    public static List<String> clean(Collection<String> ids) {
        if (ids == null || ids.isEmpty()) {
            return List.of();
        }
        // IdInterner numbers strings in first-seen order, which is what a LinkedHashSet gave, without
        // a node per ID: cleaning the control lists was most of what a cross-validation allocated
        IdInterner seen = new IdInterner(ids.size());
        for (String id : ids) {
            String t = trim(id);
            if (t != null) {
                seen.intern(t);
            }
        }
        return new ArrayList<>(Arrays.asList(seen.toArray()));
    }

    /** The ID without surrounding white space, or null if it is null or blank. */
    public static String trim(String id) {
        if (id == null) {
            return null;
        }
        int len = id.length();
        // fast path: most IDs have no surrounding white space, so strip() would allocate nothing anyway
        if (len > 0 && notWhitespace(id.charAt(0)) && notWhitespace(id.charAt(len - 1))) {
            return id;
        }
        String t = id.strip();
        return t.isEmpty() ? null : t;
    }

    /**
     * {@code !Character.isWhitespace(c)}, answered without the Unicode table for printable ASCII
     * (which is never white space): gene IDs start and end with such characters, and this check runs
     * for every ID of every list.
     */
    private static boolean notWhitespace(char c) {
        return (c > ' ' && c < 0x7F) || !Character.isWhitespace(c);
    }

    /**
     * The ID cut at its last dot ({@code PF3D7_0100100.1 → PF3D7_0100100}), or null when there is no
     * dot or the only candidate dot is the first character ({@code .hidden}).
     */
    public static String versionStripped(String id) {
        int dot = id.lastIndexOf('.');
        return dot > 0 ? id.substring(0, dot) : null;
    }

    /**
     * The key of {@code id} against a reference set: the ID itself if the set holds it, else its
     * version-stripped form if the set holds that, else the ID itself.
     */
    public static String keyAgainst(String id, Set<String> reference) {
        if (reference.contains(id)) {
            return id;
        }
        String stripped = versionStripped(id);
        return stripped != null && reference.contains(stripped) ? stripped : id;
    }

    /** Cleans {@code ids} and maps each to its key against {@code reference}, de-duplicating keys. */
    public static List<String> keysAgainst(Collection<String> ids, Set<String> reference) {
        if (ids == null) {
            return List.of();
        }
        Set<String> keys = new LinkedHashSet<>(ids.size() * 2);
        for (String id : ids) {
            String t = trim(id);
            if (t != null) {
                keys.add(keyAgainst(t, reference));
            }
        }
        return new ArrayList<>(keys);
    }
}
