package org.strategylab.experiment.api;

import java.util.Map;

/**
 * What made a version of an experiment from the one before it: the refine as it was asked
 * ({@code POST …/{id}/refine}) and when.
 *
 * @param action        {@code combine} or {@code transform}
 * @param searchName    the search combined with the result ({@code combine})
 * @param transformName the transform applied to it ({@code transform})
 * @param operator      how the search joined the result ({@code combine})
 * @param parameters    the added search's values
 * @param refinedAt     when the version was made
 */
public record VersionRefinement(String action, String searchName, String transformName, String operator,
                                Map<String, Object> parameters, String refinedAt) {
}
