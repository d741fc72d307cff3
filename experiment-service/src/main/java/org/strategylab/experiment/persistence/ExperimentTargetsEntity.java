package org.strategylab.experiment.persistence;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.UUID;

/**
 * A gene-ID mode experiment's input ({@code experiment_targets}), kept apart from its row so that only
 * what needs the IDs (the run, analyses of the experiment's gene set) reads them.
 */
@Entity
@Table(name = "experiment_targets")
public class ExperimentTargetsEntity extends PanacheEntityBase {

    @Id
    @Column(name = "experiment_id")
    public UUID experimentId;

    @Column(name = "gene_ids", nullable = false)
    public String[] geneIds;
}
