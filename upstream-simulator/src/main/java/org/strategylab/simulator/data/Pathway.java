package org.strategylab.simulator.data;

/**
 * A metabolic pathway.
 *
 * @param index  position in the universe's pathway list
 * @param id     KEGG map id ({@code ec00010}) or MetaCyc id ({@code PWY-1042})
 * @param source {@code KEGG} or {@code MetaCyc}, the terms of the enrichment form's {@code pathwaysSources}
 */
public record Pathway(int index, String id, String name, String source) {
}
