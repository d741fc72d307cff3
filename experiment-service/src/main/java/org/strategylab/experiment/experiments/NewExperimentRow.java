package org.strategylab.experiment.experiments;

import java.util.UUID;
import org.strategylab.evaluation.json.EvaluationJson;
import org.strategylab.experiment.persistence.ExperimentEntity;
import org.strategylab.experiment.persistence.ExperimentRepository;

/** The {@code pending} row of a validated experiment, before its operation runs it. */
final class NewExperimentRow {

    private NewExperimentRow() {
    }

    static ExperimentEntity of(UUID id, String ownerId, ValidatedExperiment valid, UUID operationId) {
        ExperimentEntity row = new ExperimentEntity();
        row.id = id;
        row.ownerId = ownerId;
        row.siteId = valid.settings().siteId();
        row.name = valid.settings().name();
        row.status = ExperimentRepository.PENDING;
        row.config = EvaluationJson.mapper().valueToTree(valid.settings());
        row.targetGeneIds = valid.targetGeneIds();
        row.controlSetLabel = valid.controlSetLabel();
        row.controlResolution = valid.controlResolution() == null ? null
                : EvaluationJson.mapper().valueToTree(valid.controlResolution());
        row.operationId = operationId;
        return row;
    }
}
