package org.strategylab.upstream.client;

import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpHeaders;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.resteasy.reactive.client.api.QuarkusRestClientProperties;
import org.strategylab.sites.Site;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.upstream.config.UpstreamConfig;

/**
 * One REST client per site (built lazily and shared by every user of the site, as PathFinder
 * shares one HTTP client per site), each with the site's base URL, the site's routing timeout as
 * its read timeout, and the connection limits of spec §8: at most {@code max-connections} open and
 * {@code max-keep-alive} kept alive per site.
 */
@ApplicationScoped
public class SiteClients {

    /** A site's clients and the count of its calls in flight. */
    record Clients(WdkApi api, WdkWebApp webApp, AtomicInteger inFlight) {
    }

    @Inject
    SiteRegistry sites;

    @Inject
    UpstreamConfig config;

    private final Map<String, Clients> bySite = new ConcurrentHashMap<>();

    /** The WDK service client of a site. */
    public WdkApi api(Site site) {
        return clients(site).api();
    }

    /** The web-application client of a site (session priming). */
    public WdkWebApp webApp(Site site) {
        return clients(site).webApp();
    }

    /** The calls to a site in flight now; the keep-alive limit is applied against it. */
    AtomicInteger inFlight(Site site) {
        return clients(site).inFlight();
    }

    /**
     * The deadline of one call to the site's service: its own {@code client.site-timeout} if set, else its
     * routing timeout (portal 120 s, component 30 s).
     */
    public Duration deadline(Site site) {
        Duration own = config.client().siteTimeout().get(site.id());
        return own != null ? own : sites.routing().timeoutFor(site);
    }

    private Clients clients(Site site) {
        return bySite.computeIfAbsent(site.id() + "|" + site.baseUrl(), key -> build(site));
    }

    private Clients build(Site site) {
        AtomicInteger inFlight = new AtomicInteger();
        UpstreamConfig.Client limits = config.client();
        WdkApi api = builder(URI.create(site.baseUrl()), deadline(site), inFlight, limits).build(WdkApi.class);
        WdkWebApp webApp = builder(URI.create(site.webUrl()), limits.timeout(), inFlight, limits).build(WdkWebApp.class);
        return new Clients(api, webApp, inFlight);
    }

    private static QuarkusRestClientBuilder builder(URI base, Duration readTimeout, AtomicInteger inFlight,
                                                    UpstreamConfig.Client limits) {
        int keepAlive = limits.maxKeepAlive();
        return QuarkusRestClientBuilder.newBuilder()
                .baseUri(base)
                .connectTimeout(limits.timeout().toMillis(), TimeUnit.MILLISECONDS)
                .readTimeout(readTimeout.toMillis(), TimeUnit.MILLISECONDS)
                // WDK answers /login and /logout with 307 redirects to the web app: they are read, not followed
                .followRedirects(false)
                // statuses are read by WdkTransport; the client must not turn 4xx/5xx into exceptions
                .disableDefaultMapper(true)
                .property(QuarkusRestClientProperties.CONNECTION_POOL_SIZE, limits.maxConnections())
                .property(QuarkusRestClientProperties.KEEP_ALIVE_ENABLED, true)
                .httpClientRequestCustomizer((HttpClientRequest request) -> {
                    // beyond the keep-alive budget a connection serves this one request and closes,
                    // so after a burst at most max-keep-alive idle connections stay open
                    if (inFlight.get() > keepAlive) {
                        request.putHeader(HttpHeaders.CONNECTION, HttpHeaders.CLOSE);
                    }
                });
    }

    @PreDestroy
    void close() {
        bySite.values().forEach(clients -> {
            closeQuietly(clients.api());
            closeQuietly(clients.webApp());
        });
        bySite.clear();
    }

    private static void closeQuietly(Object client) {
        if (client instanceof Closeable closeable) {
            try {
                closeable.close();
            } catch (IOException e) {
                // shutting down: nothing left to do with a client that does not close
            }
        }
    }
}
