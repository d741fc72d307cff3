package org.strategylab.edge.peer;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Stands in for a service's API and internal API in the edge's tests. */
@Path("/")
@Produces(MediaType.TEXT_PLAIN)
public class EchoResource {

    @GET
    @Path("/api/v1/echo")
    public String api() {
        return "api";
    }

    @GET
    @Path("/internal/v1/echo")
    public String internal() {
        return "internal";
    }
}
