package org.strategylab.upstream.api;

import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * Gene ids to look up (current ids, transcript ids or previous ids).
 *
 * @param geneIds the ids, at most 1000
 */
public record GeneResolveRequest(@NotEmpty @Size(max = 1000) List<String> geneIds) {
}
