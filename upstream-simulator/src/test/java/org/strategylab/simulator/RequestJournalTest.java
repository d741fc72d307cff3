package org.strategylab.simulator;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.strategylab.simulator.RequestJournal.RecordedRequest;

/**
 * The request journal (what a client sent, in order, with the answered status) and the faults that
 * make a site answer as recorded ones did (issue 40): a 4xx for one method of a path, and reports
 * longer than their page.
 */
class RequestJournalTest {

    private final UpstreamSimulator sim = SharedSimulator.get();
    private final String base = SharedSimulator.plasmo();

    @AfterEach
    void reset() {
        sim.faults().reset();
    }

    @Test
    void everyRequestIsJournaledInOrderWithItsBodyAndStatus() {
        Guest guest = Guest.on(base);
        long mark = sim.journal().mark();
        long dataset = guest.post("/users/current/datasets",
                        Map.of("sourceType", "idList", "sourceContent", Map.of("ids", List.of("PF3D7_0100100"))))
                .then().statusCode(200).extract().jsonPath().getLong("id");
        long step = guest.createStep("GeneByLocusTag", Map.of("ds_gene_ids", String.valueOf(dataset)));
        given().get(base + "/no-such-path").then().statusCode(404);
        List<RecordedRequest> seen = sim.journal().since(mark);
        assertEquals(3, seen.size(), seen.toString());
        assertTrue(seen.get(0).is("POST", "/plasmo/service/users/current/datasets$"));
        assertTrue(seen.get(0).body().contains("\"sourceType\":\"idList\""), seen.get(0).body());
        assertEquals(200, seen.get(0).status());
        assertTrue(seen.get(1).is("POST", "/users/current/steps$") && seen.get(1).body().contains(String.valueOf(dataset)));
        assertEquals(404, seen.get(2).status());
        assertTrue(seen.get(0).sequence() < seen.get(1).sequence());
        // the admin view, filtered by path; admin requests themselves are not journaled
        given().queryParam("since", mark).queryParam("path", "/steps$").get(sim.baseUrl() + "/__simulator/requests")
                .then().statusCode(200)
                .body("items", hasSize(1))
                .body("items[0].method", equalTo("POST"))
                .body("items[0].status", equalTo(200));
        assertEquals(3, sim.journal().since(mark).size());
        given().queryParam("since", "abc").get(sim.baseUrl() + "/__simulator/requests")
                .then().statusCode(400).contentType(startsWith("text/plain"));
        assertTrue(step > 0);
    }

    @Test
    void aRefusalCanApplyToOneMethodOfAPathOnly() {
        Guest guest = Guest.on(base);
        long step = guest.taxonStep(Guest.PF);
        sim.faults().refuseNext("GET", "/steps/" + step + "$", 1, 404);
        guest.request().get(base + "/users/current/steps/" + step)
                .then().statusCode(404).contentType(startsWith("text/plain")).body(equalTo("HTTP 404 Not Found"));
        // the DELETE of the same path is carried out; the GET after it finds the step gone
        guest.request().delete(base + "/users/current/steps/" + step).then().statusCode(204);
        guest.request().get(base + "/users/current/steps/" + step).then().statusCode(404);
        assertEquals(1, sim.faults().injectedCount("ERROR"));
    }

    @Test
    void theFaultPlanCarriesMethodScopedRefusals() {
        String admin = sim.baseUrl() + "/__simulator";
        given().contentType(ContentType.JSON)
                .body("{\"method\":\"GET\",\"path\":\"/record-types/transcript/searches$\",\"refuseNext\":1}")
                .put(admin + "/faults").then().statusCode(200)
                .body("rules.method", contains("GET"));
        given().get(base + "/record-types/transcript/searches").then().statusCode(404);
        given().get(base + "/record-types/transcript/searches").then().statusCode(200);
        given().contentType(ContentType.JSON).body("{\"refuseNext\":1,\"refuseStatus\":503}")
                .put(admin + "/faults").then().statusCode(400);
        given().post(admin + "/faults/reset").then().statusCode(204);
    }

    @Test
    void reportsCanAnswerMoreRecordsThanTheirPage() {
        Guest guest = Guest.on(base);
        long step = guest.runnableLeaf("GenesByTaxon", Map.of("organism", "[\"" + Guest.PF + "\"]"));
        Map<String, Object> page = Map.of("pagination", Map.of("offset", 0, "numRecords", 5));
        guest.report(step, page).then().statusCode(200).body("records", hasSize(5));
        sim.faults().reportRecordsBeyondPage(3);
        guest.report(step, page).then().statusCode(200).body("records", hasSize(8));
    }
}
