package org.strategylab.simulator.data;

/**
 * A direct GO annotation of a gene.
 *
 * @param term         index into {@link GoDag#terms()}
 * @param evidenceCode GO evidence code ({@code IEA} for computed, {@code IDA}, {@code ISS}, {@code TAS} for curated)
 */
public record GoAnnotation(int term, String evidenceCode) {

    /** WDK's GO search splits evidence into these two groups: IEA is computed, every other code curated. */
    public boolean curated() {
        return !"IEA".equals(evidenceCode);
    }
}
