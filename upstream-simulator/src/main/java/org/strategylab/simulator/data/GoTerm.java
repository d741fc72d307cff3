package org.strategylab.simulator.data;

/**
 * One GO term of the generated DAG.
 *
 * @param index     position in {@link GoDag#terms()}
 * @param id        real-format id ({@code GO:0004672})
 * @param parents   indexes of the parent terms ({@code is_a})
 * @param slim      whether the term belongs to the GO slim subset
 */
public record GoTerm(int index, String id, String name, GoNamespace namespace, int[] parents, boolean slim) {
}
