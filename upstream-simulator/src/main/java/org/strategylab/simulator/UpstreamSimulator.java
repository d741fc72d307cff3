package org.strategylab.simulator;

import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.strategylab.simulator.catalog.Catalog;
import org.strategylab.simulator.catalog.DerivedCatalogue;
import org.strategylab.simulator.catalog.RecordedCatalogues;
import org.strategylab.simulator.data.GeneUniverse;
import org.strategylab.simulator.data.Organism;
import org.strategylab.simulator.data.SiteData;
import org.strategylab.simulator.data.SyntheticDataGenerator;
import org.strategylab.simulator.faults.FaultGate;
import org.strategylab.simulator.faults.FaultInjector;
import org.strategylab.simulator.wdk.WdkSites;
import org.strategylab.sites.Site;
import org.strategylab.sites.SiteRegistry;
import org.strategylab.sites.SiteRegistryLoader;

/**
 * A running VEuPathDB WDK stand-in: the portal and component sites at their real service paths, over
 * deterministic synthetic data, with programmatic fault injection. Plain Vert.x (no Quarkus), so any
 * test can start one in-process:
 *
 * <pre>{@code
 * try (UpstreamSimulator wdk = UpstreamSimulator.start(SimulatorOptions.defaults())) {
 *     String plasmo = wdk.baseUrl() + "/plasmo/service";
 *     wdk.faults().failNext(2, 503);
 *     ...
 * }
 * }</pre>
 */
public final class UpstreamSimulator implements AutoCloseable {

    private final Vertx vertx;
    private final int port;
    private final String host;
    private final FaultInjector faults;
    private final RequestJournal journal;
    private final Map<String, String> servicePaths;

    private UpstreamSimulator(Vertx vertx, String host, int port, FaultInjector faults, RequestJournal journal,
                              Map<String, String> servicePaths) {
        this.vertx = vertx;
        this.host = host;
        this.port = port;
        this.faults = faults;
        this.journal = journal;
        this.servicePaths = servicePaths;
    }

    /** Generates the data, binds the port (0 = a free one) and returns once requests are served. */
    public static UpstreamSimulator start(SimulatorOptions options) {
        SiteRegistry registry = SiteRegistryLoader.bundled();
        List<Site> sites = new ArrayList<>();
        for (String id : options.sites()) {
            if (!SimulatorOptions.SERVABLE_SITES.contains(id)) {
                throw new IllegalArgumentException("The simulator has synthetic data for " + SimulatorOptions.SERVABLE_SITES
                        + " only, not '" + id + "'");
            }
            sites.add(registry.require(id));
        }
        GeneUniverse universe = SyntheticDataGenerator.generate(options.seed());
        FaultInjector faults = new FaultInjector(options.faults());
        RequestJournal journal = new RequestJournal();
        Vertx vertx = Vertx.vertx(new VertxOptions().setEventLoopPoolSize(Math.max(1, options.eventLoops()))
                .setWorkerPoolSize(4));
        try {
            WdkSites wdk = new WdkSites(options.accounts(), faults);
            Router root = Router.router(vertx);
            root.route().handler(BodyHandler.create().setBodyLimit(32L * 1024 * 1024).setHandleFileUploads(false));
            root.route().handler(UpstreamSimulator::methodOverride);
            List<Map<String, Object>> siteInfo = new ArrayList<>();
            Map<String, String> servicePaths = new LinkedHashMap<>();
            Router admin = SimulatorAdmin.router(vertx, faults, journal, SimulatorAdmin.info(options.seed(), siteInfo));
            root.route(SimulatorAdmin.PREFIX + "/*").subRouter(admin);
            root.route().handler(journal);
            root.route().handler(new FaultGate(vertx, faults));
            List<String> components = sites.stream().filter(s -> !s.isPortal()).map(Site::projectId).toList();
            for (Site site : sites) {
                SiteData data = site.isPortal()
                        ? SiteData.portal(universe, site.projectId(), components.isEmpty() ? List.of("PlasmoDB", "ToxoDB") : components)
                        : SiteData.component(universe, site.projectId());
                siteInfo.add(mount(vertx, root, wdk, site, Catalog.forSite(data), servicePaths));
            }
            // every other site of the recorded catalogues: its real searches, no data (RecordedCatalogues)
            RecordedCatalogues recorded = RecordedCatalogues.bundled();
            Map<String, String> recordedProjects = new LinkedHashMap<>();
            for (String id : recorded.siteIds()) {
                registry.find(id).ifPresent(site -> recordedProjects.put(id, site.projectId()));
                if (servicePaths.containsKey(id) || registry.find(id).isEmpty()) {
                    continue;
                }
                Site site = registry.require(id);
                Map<String, Object> info = mount(vertx, root, wdk, site,
                        recorded.catalog(id, SiteData.component(universe, site.projectId())), servicePaths);
                info.put("catalogue", "recorded (real searches, no data)");
                siteInfo.add(info);
            }
            // the ApiCommon component sites without a recording: the model every recording shares (DerivedCatalogue)
            DerivedCatalogue derived = DerivedCatalogue.of(recorded, recordedProjects);
            for (String id : DerivedCatalogue.SITES) {
                if (servicePaths.containsKey(id) || registry.find(id).isEmpty()) {
                    continue;
                }
                Site site = registry.require(id);
                Map<String, Object> info = mount(vertx, root, wdk, site,
                        derived.catalog(site.projectId(), SiteData.component(universe, site.projectId())), servicePaths);
                info.put("catalogue", DerivedCatalogue.PROVENANCE);
                info.put("catalogueTextsFrom", derived.sourceSiteId());
                info.put("recordTypes", derived.recordTypeCount());
                info.put("searches", derived.searchCount());
                siteInfo.add(info);
            }
            root.errorHandler(404, UpstreamSimulator::notFound);
            root.errorHandler(405, ctx -> ctx.response().setStatusCode(405).putHeader(HttpHeaders.CONTENT_TYPE, "text/plain")
                    .end("HTTP 405 Method Not Allowed"));
            int port = listen(vertx, root, options.host(), options.port(), Math.max(1, options.eventLoops()));
            return new UpstreamSimulator(vertx, options.host(), port, faults, journal, servicePaths);
        } catch (RuntimeException e) {
            vertx.close();
            throw e;
        }
    }

    /** Serves a site's WDK service at its registry path, and its web application's session primer; returns its admin info. */
    private static Map<String, Object> mount(Vertx vertx, Router root, WdkSites wdk, Site site, Catalog catalog,
                                             Map<String, String> servicePaths) {
        String servicePath = URI.create(site.baseUrl()).getPath();
        root.route(servicePath + "/*").subRouter(wdk.serviceRouter(vertx, site, servicePath, catalog));
        String webPath = servicePath.substring(0, servicePath.lastIndexOf('/'));
        root.get(webPath + "/app").handler(UpstreamSimulator::primeSession);
        servicePaths.put(site.id(), servicePath);
        return describe(site, servicePath, catalog.data());
    }

    private static Map<String, Object> describe(Site site, String servicePath, SiteData data) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("id", site.id());
        info.put("servicePath", servicePath);
        info.put("projectId", site.projectId());
        info.put("isPortal", site.isPortal());
        List<Map<String, Object>> organisms = new ArrayList<>();
        for (Organism organism : data.organisms()) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("name", organism.name());
            o.put("projectId", organism.projectId());
            o.put("genes", data.genesOf(organism).cardinality());
            organisms.add(o);
        }
        info.put("organisms", organisms);
        info.put("genes", data.genes().size());
        info.put("transcripts", data.transcriptCount());
        return info;
    }

    /**
     * One server per event loop on the same port; Vert.x balances connections between them. For a random
     * port, Vert.x shares one random port among servers that ask for the same negative port.
     */
    private static int listen(Vertx vertx, Router router, String host, int port, int servers) {
        HttpServerOptions serverOptions = new HttpServerOptions().setHost(host).setCompressionSupported(false)
                .setTcpNoDelay(true).setIdleTimeout(300).setIdleTimeoutUnit(TimeUnit.SECONDS);
        int requested = port == 0 ? -1 : port;
        int bound = -1;
        for (int i = 0; i < servers; i++) {
            HttpServer server = await(vertx.createHttpServer(new HttpServerOptions(serverOptions).setPort(requested))
                    .requestHandler(router).listen());
            bound = server.actualPort();
        }
        return bound;
    }

    private static HttpServer await(Future<HttpServer> future) {
        try {
            return future.toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot start the upstream simulator: " + e.getMessage(), e);
        }
    }

    /** WDK honours {@code ?http-method=PUT|PATCH|DELETE} on GET and POST (MethodRewritingFilter). */
    private static void methodOverride(RoutingContext ctx) {
        String override = ctx.request().getParam("http-method");
        HttpMethod current = ctx.request().method();
        if (override != null && (current == HttpMethod.GET || current == HttpMethod.POST)) {
            HttpMethod target = HttpMethod.valueOf(override.toUpperCase(java.util.Locale.ROOT));
            if (target != current && (target == HttpMethod.PUT || target == HttpMethod.PATCH || target == HttpMethod.DELETE)) {
                ctx.reroute(target, ctx.request().uri());
                return;
            }
        }
        ctx.next();
    }

    /** {@code GET <web>/app}: what clients fetch to obtain a JSESSIONID (PathFinder primes sessions this way). */
    private static void primeSession(RoutingContext ctx) {
        if (ctx.request().getCookie("JSESSIONID") == null) {
            ctx.response().addCookie(io.vertx.core.http.Cookie.cookie("JSESSIONID",
                    Long.toHexString(java.util.concurrent.ThreadLocalRandom.current().nextLong()).toUpperCase(java.util.Locale.ROOT))
                    .setPath("/").setHttpOnly(true));
        }
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "text/html")
                .end("<!DOCTYPE html><html><body><p>StrategyLab upstream simulator (synthetic data).</p></body></html>");
    }

    private static void notFound(RoutingContext ctx) {
        if (!ctx.response().ended()) {
            ctx.response().setStatusCode(404).putHeader(HttpHeaders.CONTENT_TYPE, "text/plain").end("HTTP 404 Not Found");
        }
    }

    public int port() {
        return port;
    }

    /** {@code http://127.0.0.1:<port>} (no trailing slash); append a site's service path. */
    public String baseUrl() {
        return "http://" + (host.equals("0.0.0.0") ? "127.0.0.1" : host) + ":" + port;
    }

    /** The service base URL of a served site, e.g. {@code http://127.0.0.1:8090/plasmo/service}. */
    public String serviceUrl(String siteId) {
        String path = servicePaths.get(siteId);
        if (path == null) {
            throw new IllegalArgumentException("Site '" + siteId + "' is not served; served: " + servicePaths.keySet());
        }
        return baseUrl() + path;
    }

    /** The fault injector; {@code faults().reset()} between tests. */
    public FaultInjector faults() {
        return faults;
    }

    /** The requests the sites received ({@code journal().mark()} before, {@code journal().since(mark)} after). */
    public RequestJournal journal() {
        return journal;
    }

    /** Stops serving and releases the port. */
    @Override
    public void close() {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("Cannot stop the upstream simulator cleanly", e);
        }
    }
}
