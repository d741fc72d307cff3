package org.strategylab.gateway.openapi;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * {@code /api}: sends the browser to {@code /api/}, the API reference page (Swagger UI reading
 * {@code /api/v1/openapi}; the page and the Swagger UI webjar are static resources of the gateway).
 */
@ApplicationScoped
public class ReferencePage {

    void register(@Observes Router router) {
        router.get("/api").handler(context -> {
            // Vert.x matches /api/ here too: that one is the page itself, a static resource
            if (context.request().path().equals("/api")) {
                context.redirect("/api/");
            } else {
                context.next();
            }
        });
    }
}
