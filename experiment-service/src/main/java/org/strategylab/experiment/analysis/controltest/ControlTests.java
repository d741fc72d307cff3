package org.strategylab.experiment.analysis.controltest;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.strategylab.edge.problem.FieldError;
import org.strategylab.edge.problem.ProblemException;
import org.strategylab.experiment.api.ControlTestResult;
import org.strategylab.experiment.api.ExperimentRequest;
import org.strategylab.experiment.client.UpstreamFailure;
import org.strategylab.experiment.experiments.ExperimentRequests;
import org.strategylab.experiment.results.ResultBrowser;
import org.strategylab.experiment.rest.UpstreamFailureMapper;

/**
 * Control tests (spec §1.1 {@code run_control_tests}): an experiment's body checked as an experiment
 * is (every field, the site's own parameter checks, the controls or a control set the caller may
 * read), then its search or tree counted against the controls inside the request. Nothing is stored.
 * A gene list has nothing to count on the site: a gene-ID body is refused.
 */
@ApplicationScoped
public class ControlTests {

    @Inject
    ExperimentRequests requests;

    @Inject
    ControlTestWork work;

    public Uni<ControlTestResult> test(String callerId, String token, ExperimentRequest request) {
        if (request.targetGeneIds() != null) {
            throw ProblemException.invalid("The control test is not valid", List.of(new FieldError("/targetGeneIds",
                    "a control test counts a search or strategy on the site; give searchName or stepTree")));
        }
        return requests.validate(callerId, token, request)
                .chain(valid -> work.test(token, valid.settings(), valid.controlResolution()))
                .onFailure(UpstreamFailure.class).transform(UpstreamFailureMapper::problem);
    }
}
