package org.strategylab.simulator.catalog;

import org.strategylab.simulator.data.Gene;
import org.strategylab.simulator.data.SiteData;

/** One record being formatted: a transcript (transcript record type) or a gene (gene record type, transcript -1). */
public record RecordRef(SiteData data, int gene, int transcript) {

    public Gene geneRecord() {
        return data.gene(gene);
    }
}
