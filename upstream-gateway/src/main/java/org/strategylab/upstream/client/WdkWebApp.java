package org.strategylab.upstream.client;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The web application beside a site's service ({@code <web>/app}). Fetching it gives a signed-in
 * session its Tomcat {@code JSESSIONID}, which WDK still uses for session-scoped data
 * (upstream-wdk.md §2); PathFinder primes sessions the same way.
 */
@Path("")
public interface WdkWebApp {

    @GET
    @Path("/app")
    @Produces(MediaType.WILDCARD)
    Uni<Response> app(@HeaderParam(WdkApi.COOKIE) String cookies);
}
