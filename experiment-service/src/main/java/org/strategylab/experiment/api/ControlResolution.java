package org.strategylab.experiment.api;

import java.util.List;

/**
 * How an experiment's control lists were resolved against the site before anything was counted:
 * each typed ID looked up once (any case, transcript IDs and previous IDs name the current gene),
 * duplicates after resolution merged, unknown IDs left out of the counts and named here.
 *
 * @param positives the positive controls' resolution
 * @param negatives the negative controls' resolution (empty when there are none)
 */
public record ControlResolution(ControlListResolution positives, ControlListResolution negatives) {

    /**
     * One control list.
     *
     * @param resolved   how many distinct genes the list names (what the counts use)
     * @param renamed    the IDs typed otherwise than their gene's current ID, with that ID
     * @param unknown    the IDs the site does not know: not counted
     * @param duplicates the IDs that name a gene an earlier ID of the list already named: merged
     */
    public record ControlListResolution(int resolved, List<RenamedControl> renamed, List<String> unknown,
                                        List<String> duplicates) {

        /** An empty list's resolution. */
        public static final ControlListResolution NONE = new ControlListResolution(0, List.of(), List.of(), List.of());
    }

    /**
     * A control typed otherwise than its gene's current ID.
     *
     * @param input  the ID as typed
     * @param geneId the gene's current ID, which the counts use
     */
    public record RenamedControl(String input, String geneId) {
    }
}
