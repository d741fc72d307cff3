package org.strategylab.upstream.service.catalog.ranking;

import java.util.List;

/**
 * One entry of a ranked list (a search, a vocabulary value) as the ranking sees it.
 *
 * @param key      what identifies it in its list ({@code transcript/GenesByTaxon}, a term)
 * @param embedded the texts embedded for it (one or two); its similarity to a query is the best of theirs
 * @param title    its label and name: lexical matches here count double
 * @param text     the rest of its words (summary, description, record type)
 */
public record RankedDoc(String key, List<String> embedded, String title, String text) {

    public RankedDoc {
        embedded = List.copyOf(embedded);
        title = title == null ? "" : title;
        text = text == null ? "" : text;
    }
}
