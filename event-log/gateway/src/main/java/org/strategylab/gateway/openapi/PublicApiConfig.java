package org.strategylab.gateway.openapi;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The merged OpenAPI document at {@code GET /api/v1/openapi}, under {@code strategylab.public-api}. */
@ConfigMapping(prefix = "strategylab.public-api")
public interface PublicApiConfig {

    /** How long a merged document is served before the services' documents are fetched again; default 30 s. */
    @WithDefault("PT30S")
    Duration cacheFor();

    /** How long the gateway waits for one service's document before leaving the service out; default 5 s. */
    @WithDefault("PT5S")
    Duration fetchTimeout();

    /** Where each service serves its own OpenAPI document, relative to its route's target; default {@code /q/openapi?format=json}. */
    @WithDefault("/q/openapi?format=json")
    String serviceDocumentPath();

    /** The merged document's {@code info.version}; default {@code v1}, the API's version. */
    @WithDefault("v1")
    String version();
}
