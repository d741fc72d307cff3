package org.strategylab.chat;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.ServiceReadinessTestBase;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class ServiceReadinessTest extends ServiceReadinessTestBase {

    ServiceReadinessTest() {
        super("chat", List.of("chat.commands", "chat.events"), "StrategyLab chat service");
    }

    @Override
    protected String schemaVersion() {
        // V2 replaced the skeleton's tables with strategies and messages; V3 added workbench
        // conversations, V4 planning artifacts, V5 the site strategy's out-of-date marker
        return "5";
    }
}
