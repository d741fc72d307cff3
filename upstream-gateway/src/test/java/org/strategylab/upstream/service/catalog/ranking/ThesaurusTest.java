package org.strategylab.upstream.service.catalog.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The researcher's words → catalogue words map: phrases match after stemming, as a whole run of words. */
class ThesaurusTest {

    private final Thesaurus thesaurus = Thesaurus.parse(List.of(
            "# a comment",
            "secreted, exported => signal peptide",
            "chromosome ends, subtelomeric => telomere proximity",
            "",
            "a line without an arrow"));

    @Test
    void aPhraseMatchesWhateverTheWordsEnding() {
        assertEquals(List.of("signal peptide"), thesaurus.expansions("proteins the parasite exports"));
        assertEquals(List.of("signal peptide"), thesaurus.expansions("Secreted proteins"));
    }

    @Test
    void aPhraseOfSeveralWordsMatchesOnlyAsARun() {
        assertEquals(List.of("telomere proximity"), thesaurus.expansions("genes at the chromosome ends"));
        assertEquals(List.of(), thesaurus.expansions("ends of a chromosome"));
    }

    @Test
    void everyMatchingLineCountsOnce() {
        assertEquals(List.of("signal peptide", "telomere proximity"),
                thesaurus.expansions("secreted and exported subtelomeric genes"));
        assertEquals(List.of(), thesaurus.expansions("kinases"));
    }

    @Test
    void theShippedThesaurusMapsTheIssuesExample() {
        assertEquals(List.of("signal peptide secreted"), Thesaurus.shipped().expansions("secreted proteins"));
    }

    @Test
    void aGoTermsNameOrAnEnzymeClassLeadsToTheGoTermSearch() {
        // the walk-through of issue 39: neither found the GO Term search in the wizard
        Thesaurus shipped = Thesaurus.shipped();
        assertEquals(List.of("GO term"), shipped.expansions("protein kinase activity"));
        assertEquals(List.of("GO term"), shipped.expansions("kinase"));
    }
}
