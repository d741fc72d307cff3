package org.strategylab.experiment.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * An experiment's {@code config} as the API answers it (spec §2.1 ExperimentConfig): the stored
 * settings, and on the read of one experiment the gene-ID experiment's {@code targetGeneIds} (kept in
 * a table of their own, so lists, events and a run's state writes never load them).
 *
 * @param settings      the stored configuration, its fields at this level
 * @param targetGeneIds the given IDs in their order (ranking) on the single read of a gene-ID experiment, else absent
 */
public record ExperimentConfigView(@JsonUnwrapped ExperimentSettings settings,
                                   @JsonInclude(JsonInclude.Include.NON_NULL) List<String> targetGeneIds) {
}
