package org.strategylab.experiment.support;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.Map;

/**
 * A guest of the simulated site talking WDK directly (its own cookie), bypassing StrategyLab: the
 * independent reference the analysis tests compare with (what the site itself answers).
 */
public final class SiteGuest {

    private final String base;
    private final String token;

    private SiteGuest(String base, String token) {
        this.base = base;
        this.token = token;
    }

    public static SiteGuest on(String siteId) {
        String base = UpstreamStackResource.simulator.serviceUrl(siteId);
        Response response = given().get(base + "/users/current");
        return new SiteGuest(base, response.getCookie("Authorization"));
    }

    private RequestSpecification request() {
        return given().cookie("Authorization", token).contentType(ContentType.JSON);
    }

    /** A one-step strategy around a new step of {@code search}; returns the step id. */
    public long strategyStep(String search, Map<String, String> parameters) {
        long step = request().body(Map.of("searchName", search, "searchConfig", Map.of("parameters", parameters)))
                .post(base + "/users/current/steps").then().statusCode(200).extract().jsonPath().getLong("id");
        request().body(Map.of("name", "reference " + step, "isSaved", false, "isPublic", false,
                        "stepTree", Map.of("stepId", step)))
                .post(base + "/users/current/strategies").then().statusCode(200);
        return step;
    }

    /** Runs an analysis plugin with exactly these values and answers its result JSON. */
    public JsonPath analysis(long step, String plugin, Map<String, String> values) {
        String analyses = base + "/users/current/steps/" + step + "/analyses";
        long id = request().body(Map.of("analysisName", plugin, "parameters", values)).post(analyses)
                .then().statusCode(200).extract().jsonPath().getLong("analysisId");
        request().post(analyses + "/" + id + "/result").then().statusCode(202);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).until(() ->
                "COMPLETE".equals(request().get(analyses + "/" + id + "/result/status").jsonPath().getString("status")));
        return request().get(analyses + "/" + id + "/result").then().statusCode(200).extract().jsonPath();
    }
}
