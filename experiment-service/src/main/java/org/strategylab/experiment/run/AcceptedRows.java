package org.strategylab.experiment.run;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.strategylab.experiment.persistence.ExperimentEntity;

/**
 * The rows of runs started where they were accepted, as that instance has just written them, handed
 * to their run so it does not read them back (a read on the run's way to its first upstream call).
 * A row is taken once, by its run, moments after it was put.
 */
@ApplicationScoped
public class AcceptedRows {

    private final Map<UUID, ExperimentEntity> rows = new ConcurrentHashMap<>();

    /** The row as written, for the run about to start. */
    public void put(ExperimentEntity row) {
        rows.put(row.id, row);
    }

    /** The row as written if its run was started where it was accepted; a later take finds nothing. */
    public Optional<ExperimentEntity> take(UUID experimentId) {
        return Optional.ofNullable(rows.remove(experimentId));
    }
}
