package org.strategylab.experiment;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.PostgresResource;
import org.strategylab.testsupport.ServiceReadinessTestBase;

@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = PostgresResource.class, restrictToAnnotatedClass = false)
class ServiceReadinessTest extends ServiceReadinessTestBase {

    ServiceReadinessTest() {
        super("experiment", List.of("experiment.commands", "experiment.events"), "StrategyLab experiment service");
    }

    @Override
    protected String schemaVersion() {
        // V2 added the control sets' source, tags and provenance notes
        return "2";
    }
}
