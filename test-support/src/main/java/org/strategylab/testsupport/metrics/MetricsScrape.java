package org.strategylab.testsupport.metrics;

import static io.restassured.RestAssured.given;

/** One value of the service's Prometheus metrics ({@code /q/metrics} of the application under test). */
public final class MetricsScrape {

    private MetricsScrape() {
    }

    /**
     * The value of the first series that starts with {@code series}, e.g.
     * {@code strategylab_chat_turns_started_total{path="accepted"}; 0 when there is none.
     */
    public static double value(String series) {
        return given().when().get("/q/metrics").then().statusCode(200).extract().asString().lines()
                .filter(line -> line.startsWith(series))
                // the value follows the labels; an exemplar may follow it ("# {trace_id=…} 1.0 <time>")
                .mapToDouble(line -> Double.parseDouble(line.substring(line.indexOf("} ") + 2).split(" ")[0]))
                .findFirst().orElse(0.0);
    }
}
