package org.strategylab.experiment;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.experiment.support.UpstreamStackResource;
import org.strategylab.testsupport.ServiceReadinessTestBase;

@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ServiceReadinessTest extends ServiceReadinessTestBase {

    ServiceReadinessTest() {
        super("experiment", List.of("experiment.commands", "experiment.events"), "StrategyLab experiment service");
    }

    @Override
    protected String schemaVersion() {
        // V4 moved a gene-ID experiment's input into a table of its own; V5 added the controls' resolution;
        // V6 keeps an experiment's earlier versions (refinements are versions), V7 a control set's resolution,
        // V8 strategy discoveries
        return "8";
    }
}
