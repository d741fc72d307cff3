package org.strategylab.simulator.wdk;

import java.util.List;

/** One tested term before formatting. */
record EnrichmentRow(String id, String name, String source, int backgroundGenes, int resultGenes, int resultSize,
                     int backgroundSize, List<String> geneIds, double pValue) {
}
