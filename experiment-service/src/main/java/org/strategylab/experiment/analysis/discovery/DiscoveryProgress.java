package org.strategylab.experiment.analysis.discovery;

import io.smallrye.mutiny.Uni;
import java.util.Map;

/**
 * Where a discovery reports as it goes: one {@code discovery_progress} event per call, with the
 * phase, a sentence, the site calls made so far and the budget, and the phase's own fields.
 */
@FunctionalInterface
interface DiscoveryProgress {

    /**
     * @param phase   {@code profiling}, {@code candidates}, {@code counting}, {@code tuning}, {@code combining} or {@code result}
     * @param message a sentence for a person
     * @param fields  the phase's own fields ({@code profile}, {@code candidate}, {@code current}, {@code total}, …)
     */
    Uni<Void> emit(String phase, String message, Map<String, Object> fields);

    /** Progress nobody follows. */
    static DiscoveryProgress none() {
        return (phase, message, fields) -> Uni.createFrom().voidItem();
    }
}
