package org.strategylab.gateway.openapi;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jboss.logging.Logger;
import org.strategylab.edge.peer.PeerConfig;
import org.strategylab.edge.peer.PeerCredential;
import org.strategylab.gateway.config.GatewayConfig;
import org.strategylab.gateway.routing.RouteTable;

/**
 * The public API as one OpenAPI document, built at run time: the gateway's own document (built by
 * Quarkus at build time) and each service's, fetched from the service with the
 * service-to-service secret, merged by {@link PublicApiMerge}. The result is kept for
 * {@code strategylab.public-api.cache-for}, so a burst of readers costs the services one fetch each;
 * a service that cannot be reached is left out and named in {@code x-unavailable}, never a 500.
 */
@ApplicationScoped
public class PublicApiDocument {

    private static final Logger LOG = Logger.getLogger(PublicApiDocument.class);
    /** Where Quarkus stores the document it built for the gateway's own resources. */
    private static final String OWN_DOCUMENT = "META-INF/quarkus-generated-openapi-doc.JSON";
    private static final String GATEWAY = "gateway";
    /** The gateway's own operations that need no token. */
    private static final Set<String> ANONYMOUS = Set.of("/api/v1/auth/mode", "/api/v1/auth/local/sign-in",
            "/api/v1/asyncapi", "/api/v1/openapi");

    @Inject
    GatewayConfig gateway;

    @Inject
    PublicApiConfig config;

    @Inject
    PeerConfig peers;

    @Inject
    ObjectMapper json;

    private RouteTable routes;
    private HttpClient http;
    private JsonNode own;
    private Uni<String> cached;

    @PostConstruct
    void init() {
        routes = RouteTable.of(gateway.routes());
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(gateway.connectTimeout()).build();
        own = readOwnDocument();
        cached = Uni.createFrom().deferred(this::build).memoize().atLeast(config.cacheFor());
    }

    /** The merged document as JSON, at most {@code cache-for} old. */
    public Uni<String> json() {
        return cached;
    }

    private Uni<String> build() {
        Map<String, GatewayConfig.Route> services = new TreeMap<>(gateway.routes());
        List<Uni<Fetched>> fetches = new ArrayList<>();
        services.forEach((name, route) -> fetches.add(fetch(name, route.target())));
        Uni<List<Fetched>> all = fetches.isEmpty() ? Uni.createFrom().item(List.of())
                : Uni.join().all(fetches).andCollectFailures();
        return all.map(this::merge);
    }

    private String merge(List<Fetched> fetched) {
        List<PublicApiMerge.Source> sources = new ArrayList<>();
        List<PublicApiMerge.Unavailable> unavailable = new ArrayList<>();
        sources.add(new PublicApiMerge.Source(GATEWAY, own));
        for (Fetched one : fetched) {
            if (one.document() != null) {
                sources.add(new PublicApiMerge.Source(one.service(), one.document()));
            } else {
                unavailable.add(new PublicApiMerge.Unavailable(one.service(), one.reason()));
            }
        }
        ObjectNode document = PublicApiMerge.merge(info(), sources, unavailable, new PublicApiMerge.Rules(
                this::owns, ANONYMOUS::contains, this::tokenOptional, source -> !source.equals(GATEWAY)));
        try {
            return json.writerWithDefaultPrettyPrinter().writeValueAsString(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the merged OpenAPI document cannot be written", e);
        }
    }

    private boolean owns(String source, String path) {
        return routes.match(path).map(RouteTable.Target::service).orElse(GATEWAY).equals(source);
    }

    /** A proxied path under a public prefix: the gateway passes it on with or without a token. */
    private boolean tokenOptional(String path) {
        if (routes.match(path).isEmpty()) {
            return false;
        }
        for (String prefix : gateway.publicPrefixes()) {
            if (path.equals(prefix) || path.startsWith(prefix.endsWith("/") ? prefix : prefix + "/")) {
                return true;
            }
        }
        return false;
    }

    private Uni<Fetched> fetch(String service, URI target) {
        URI uri = URI.create(target.toString().replaceAll("/+$", "") + config.serviceDocumentPath());
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(config.fetchTimeout())
                .header("Accept", "application/json");
        peers.secret().ifPresent(secret -> request.header(PeerCredential.HEADER, secret));
        return Uni.createFrom().completionStage(() -> http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString()))
                .map(response -> {
                    if (response.statusCode() != 200) {
                        return Fetched.failed(service, "its document answered HTTP " + response.statusCode());
                    }
                    try {
                        return new Fetched(service, json.readTree(response.body()), null);
                    } catch (JsonProcessingException e) {
                        return Fetched.failed(service, "its document is not JSON");
                    }
                })
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("the OpenAPI document of %s could not be fetched from %s: %s", service, uri, failure);
                    return Fetched.failed(service, "it could not be reached");
                });
    }

    private ObjectNode info() {
        ObjectNode info = json.createObjectNode();
        info.put("title", "StrategyLab API");
        info.put("version", config.version());
        info.put("summary", "Search strategies for VEuPathDB, built by chatting, and their evaluation against control genes");
        info.put("description", "Every public /api/v1 operation, as reached through the gateway. Send a caller token as"
                + " `Authorization: Bearer …` (local mode: POST /api/v1/auth/local/sign-in). Errors are"
                + " application/problem+json (the Problem schema). Operation progress streams as server-sent events"
                + " from GET /api/v1/operations/{operationId}/subscribe; their events are described by the AsyncAPI"
                + " document at /api/v1/asyncapi.");
        info.putObject("license").put("name", "Apache-2.0").put("identifier", "Apache-2.0");
        return info;
    }

    private JsonNode readOwnDocument() {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(OWN_DOCUMENT)) {
            if (in == null) {
                LOG.warnf("the gateway's own OpenAPI document (%s) is missing; only the services' paths are merged", OWN_DOCUMENT);
                return json.createObjectNode();
            }
            return json.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + OWN_DOCUMENT, e);
        }
    }

    private record Fetched(String service, JsonNode document, String reason) {

        static Fetched failed(String service, String reason) {
            return new Fetched(service, null, reason);
        }
    }
}
