package org.strategylab.experiment.api;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * {@code POST /experiments/{id}/custom-enrich}: a gene set tested against the experiment's result
 * (spec §2.6, DECISIONS 12).
 *
 * @param geneSetName   its name (required)
 * @param geneIds       its genes (at least one)
 * @param backgroundIds the universe; without it, every gene of {@code organism}
 * @param organism      the organism whose genes are the background; without it, the experiment's
 *                      organism (its search's {@code organism} parameter, the same in every step of a tree)
 */
public record CustomEnrichRequest(@NotBlank @Size(max = 200) String geneSetName,
                                  @NotNull @Size(min = 1) List<@NotNull String> geneIds,
                                  List<@NotNull String> backgroundIds, String organism) {
}
