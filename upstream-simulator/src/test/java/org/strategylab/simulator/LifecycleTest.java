package org.strategylab.simulator;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.faults.AnalysisFirstRun;
import org.strategylab.simulator.faults.FaultPlan;

/** Starting in-process on random ports, closing, and the stand-alone launcher's options. */
class LifecycleTest {

    @Test
    void twoSimulatorsOnRandomPortsAndClosingReleasesThePort() {
        int port;
        try (UpstreamSimulator one = UpstreamSimulator.start(SimulatorOptions.defaults().withSites(List.of("plasmodb")));
             UpstreamSimulator two = UpstreamSimulator.start(SimulatorOptions.defaults().withSites(List.of("toxodb")).withEventLoops(1))) {
            assertNotEquals(one.port(), two.port());
            assertTrue(one.baseUrl().startsWith("http://127.0.0.1:"));
            given().get(one.serviceUrl("plasmodb") + "/record-types").then().statusCode(200);
            given().get(one.baseUrl() + "/orthomcl/service/record-types").then().statusCode(404);
            // toxodb, not simulated in full here, serves its recorded catalogue
            given().get(one.baseUrl() + "/toxo/service/record-types/transcript/searches").then().statusCode(200)
                    .body("urlSegment", org.hamcrest.Matchers.hasItem("GenesByTelomereProximity"));
            given().get(two.serviceUrl("toxodb") + "/record-types").then().statusCode(200);
            // fungidb has no recording: the derived catalogue, whatever the run simulates in full
            given().get(one.serviceUrl("fungidb") + "/record-types").then().statusCode(200);
            assertThrows(IllegalArgumentException.class, () -> one.serviceUrl("orthomcl"));
            port = one.port();
        }
        assertThrows(Exception.class, () -> new java.net.Socket("127.0.0.1", port).close());
        assertThrows(IllegalArgumentException.class,
                () -> UpstreamSimulator.start(SimulatorOptions.defaults().withSites(List.of("cryptodb"))));
    }

    @Test
    void mainReadsPortSitesAndFaults() {
        SimulatorOptions defaults = Main.parse(new String[0]);
        assertEquals(8090, defaults.port());
        SimulatorOptions options = Main.parse(new String[] {"--port", "9001", "--sites=plasmodb,veupathdb", "--latency-ms", "25",
                "--error-rate", "0.1", "--analysis-first-run", "ERRORS_ON_COMBINED_STEPS"});
        assertEquals(9001, options.port());
        assertEquals(List.of("plasmodb", "veupathdb"), options.sites());
        assertEquals(25L, options.faults().latency().fixedMs());
        assertEquals(0.1, options.faults().errorRate());
        assertEquals(AnalysisFirstRun.ERRORS_ON_COMBINED_STEPS, options.faults().analysisFirstRun());
        FaultPlan plan = Main.parse(new String[] {"--faults", "{\"delayedResultRate\":0.2,\"seed\":3}"}).faults();
        assertEquals(0.2, plan.delayedResultRate());
        assertThrows(IllegalArgumentException.class, () -> Main.parse(new String[] {"--faults", "{\"nope\":1}"}));
        assertThrows(IllegalArgumentException.class, () -> Main.parse(new String[] {"--bogus", "1"}));
    }
}
