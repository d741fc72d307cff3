package org.strategylab.gateway.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.Locale;
import org.strategylab.eventlog.contract.EventContract;

/**
 * The event topics' contract ({@code event-log/asyncapi.yaml}, AsyncAPI 3.0), public like the
 * OpenAPI documents: teams that consume {@code experiment.events} and {@code chat.events} build on
 * it. YAML as checked in; JSON when the caller accepts JSON and no YAML.
 */
@Path("/api/v1/asyncapi")
public class AsyncApiResource {

    static final String YAML = "application/yaml";
    private static final String JSON = "application/json";

    private final String yaml = EventContract.bundled().yaml();
    private final String json;

    public AsyncApiResource() {
        try {
            json = new ObjectMapper().writerWithDefaultPrettyPrinter()
                    .writeValueAsString(EventContract.bundled().document());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the event contract cannot be written as JSON", e);
        }
    }

    @GET
    public Response document(@HeaderParam(HttpHeaders.ACCEPT) String accept) {
        if (wantsJson(accept)) {
            return Response.ok(json, JSON + ";charset=UTF-8").build();
        }
        return Response.ok(yaml, YAML + ";charset=UTF-8").build();
    }

    private static boolean wantsJson(String accept) {
        if (accept == null) {
            return false;
        }
        String types = accept.toLowerCase(Locale.ROOT);
        return types.contains(JSON) && !types.contains("yaml");
    }
}
