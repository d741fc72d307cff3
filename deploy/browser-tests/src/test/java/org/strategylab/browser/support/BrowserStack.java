package org.strategylab.browser.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.strategylab.simulator.UpstreamSimulator;
import org.strategylab.testsupport.kafka.ChartKafkaUsers;
import org.strategylab.testsupport.kafka.TopicCredentialScan;
import org.strategylab.testsupport.process.QuarkusAppProcess;
import org.strategylab.testsupport.stack.ProductStack;

/**
 * The whole product as a person reaches it, each part real: an embedded PostgreSQL, a Kafka broker
 * JVM, the WDK simulator (in-process, every site pointed at it), and the packaged upstream-gateway,
 * experiment-service, chat-service and gateway (their {@code target/quarkus-app/quarkus-run.jar},
 * so the reactor must have packaged them: this module declares them as dependencies for that). The
 * gateway serves {@code web/} from its own jar. Models: {@code mock} only (no vendor key is set).
 *
 * <p>The IT classes share one stack per test run ({@link #shared()} in {@code @BeforeAll}; it is
 * stopped when the test JVM ends): starting it takes about 20 s, longer than most classes' tests.
 * Each class signs in its own users and resets the faults it injected, so no class sees another's
 * data. Everything lives in {@code target/browser-it/shared/}, the processes' logs included, for a
 * failed run.
 * {@link #gateway()} can be killed and started again on the same port ({@code stack.gateway().kill()},
 * {@code stack.gateway().start()}).
 */
public final class BrowserStack implements AutoCloseable {

    // service-edge PeerCheck
    private static final String PEER_SECRET = "browser-tests-peer-secret-0123456789abcdef";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    static {
        // the broker's clients in this JVM (none by default) would warn about every reconnect
        Logger.getLogger("org.apache.kafka").setLevel(Level.SEVERE);
    }

    private static BrowserStack shared;

    private final Path directory;
    private ProductStack stack;
    private static final List<String> TOPICS = List.of("experiment.commands", "experiment.events", "chat.commands", "chat.events");
    private final List<String> issuedTokens = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final Map<String, QuarkusAppProcess> services = new LinkedHashMap<>();
    private QuarkusAppProcess gateway;

    private BrowserStack(Path directory) {
        this.directory = directory;
    }

    /**
     * The stack every IT class of this run uses, started by the first class that asks and stopped
     * when the test JVM ends. Skipped (or failed where {@code -Dbrowser.required=true}) without a
     * Chromium, before anything starts.
     */
    public static BrowserStack shared() {
        Browsers.assumeChromium();
        return sharedStack();
    }

    /** {@link #shared()} for classes that drive the stack with other clients than a browser: no Chromium needed. */
    public static synchronized BrowserStack sharedStack() {
        if (shared == null) {
            BrowserStack stack = startStack("shared");
            Runtime.getRuntime().addShutdownHook(new Thread(stack::close, "browser-stack-stop"));
            shared = stack;
        }
        return shared;
    }

    /**
     * Starts a stack of its own in {@code <work-dir>/<name>} (work-dir: system property
     * {@code strategylab.it.work-dir}, {@code target/browser-it} by default) and waits until the
     * gateway is ready; stops what it started when a part fails. For a person's own browser
     * ({@link #main}); the tests share one through {@link #shared()}.
     */
    public static BrowserStack startStack(String name) {
        Path directory = Path.of(System.getProperty("strategylab.it.work-dir", "target/browser-it")).resolve(name);
        BrowserStack stack = new BrowserStack(directory);
        try {
            stack.startAll();
        } catch (RuntimeException | Error e) {
            stack.close();
            throw e;
        }
        return stack;
    }

    private void startAll() {
        long started = System.nanoTime();
        // Kafka as the chart runs it: SCRAM logins, ACLs enforced, each service only the rights the chart
        // grants it (k8s/strategylab/files/kafka-acls.yaml), the topics made before the services start
        stack = ProductStack.in(directory).quickStart()
                .broker(broker -> broker.scramLogins(UUID.randomUUID().toString()))
                .topics(3, TOPICS)
                .start();
        Map<String, Map<String, String>> kafkaLogins = ChartKafkaUsers.ofChart().grantOn(stack.kafka());
        QuarkusAppProcess upstreamGateway = stack.start(service(stack.upstreamGateway("upstream-gateway", jar("upstream-gateway"))));
        services.put("upstream-gateway", upstreamGateway);
        // one after the other: each migrates its schemas on first start
        QuarkusAppProcess experiments = stack.start(service(stack.consumer("experiment-service", jar("experiment-service"), upstreamGateway))
                .properties(kafkaLogins.get("experiment-service")));
        services.put("experiment-service", experiments);
        QuarkusAppProcess chat = stack.start(service(stack.consumer("chat-service", jar("chat-service"), upstreamGateway))
                .properties(kafkaLogins.get("chat-service"))
                .property("quarkus.rest-client.experiment-service.url", experiments.baseUri().toString()));
        services.put("chat-service", chat);
        gateway = stack.start(service(stack.gateway("gateway", jar("gateway")))
                .properties(kafkaLogins.get("gateway"))
                .property("strategylab.gateway.routes.upstream-gateway.target", upstreamGateway.baseUri().toString())
                .property("strategylab.gateway.routes.experiment-service.target", experiments.baseUri().toString())
                .property("strategylab.gateway.routes.chat-service.target", chat.baseUri().toString()));
        System.out.printf("browser stack %s up in %d s: %s%n", directory.getFileName(),
                Duration.ofNanos(System.nanoTime() - started).toSeconds(), gateway.baseUri());
    }

    // the services require the peer secret from the gateway and from each other
    private static QuarkusAppProcess.Builder service(QuarkusAppProcess.Builder builder) {
        return builder.property("strategylab.peer.secret", PEER_SECRET);
    }

    private static Path jar(String name) {
        return Path.of(System.getProperty("strategylab.it." + name + "-jar",
                "../../" + (name.equals("gateway") ? "event-log/gateway" : name) + "/target/quarkus-app/quarkus-run.jar"));
    }

    /**
     * Runs a stack until the process is stopped, for trying the pages by hand with the test
     * module's class path ({@code java -cp … org.strategylab.browser.support.BrowserStack}).
     */
    public static void main(String[] args) throws InterruptedException {
        BrowserStack stack = startStack(args.length > 0 ? args[0] : "manual");
        Runtime.getRuntime().addShutdownHook(new Thread(stack::close, "browser-stack-stop"));
        System.out.println("open " + stack.baseUri() + " (Ctrl-C stops)");
        Thread.currentThread().join();
    }

    /** {@code http://127.0.0.1:<gateway port>}: where the browser goes. */
    public URI baseUri() {
        return gateway.baseUri();
    }

    /** The API through the gateway, as the pages call it (see {@link ApiCalls}). */
    public ApiCalls api() {
        return new ApiCalls(gateway.baseUri());
    }

    /** The gateway process: {@code kill()} it (SIGKILL) and {@code start()} it again on the same port. */
    public QuarkusAppProcess gateway() {
        return gateway;
    }

    /** A service process by name: {@code upstream-gateway}, {@code experiment-service}, {@code chat-service}. */
    public QuarkusAppProcess service(String name) {
        QuarkusAppProcess service = services.get(name);
        if (service == null) {
            throw new IllegalArgumentException("no service " + name);
        }
        return service;
    }

    /**
     * The services' peer credential ({@code X-StrategyLab-Peer}), for a test that arranges data
     * through a service's internal API as a sibling service would (e.g. a search's genes from
     * upstream-gateway).
     */
    public String peerCredential() {
        return PEER_SECRET;
    }

    /** The in-process WDK simulator every site points at. */
    public UpstreamSimulator simulator() {
        return stack.simulator();
    }

    /**
     * A caller token for {@code userId}, from the gateway's own local sign-in, for arranging data
     * through the API ({@code Authorization: Bearer …}) before the browser looks at it.
     */
    public String signIn(String userId) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(baseUri().resolve("/api/v1/auth/local/sign-in"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"userId\":\"" + userId + "\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException("sign-in answered " + response.statusCode() + ": " + response.body());
            }
            java.util.regex.Matcher token = java.util.regex.Pattern.compile("\"token\"\\s*:\\s*\"([^\"]+)\"")
                    .matcher(response.body());
            if (!token.find()) {
                throw new IllegalStateException("no token in " + response.body());
            }
            issuedTokens.add(token.group(1));
            return token.group(1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * The records of the four topics that hold a credential (a JWT, or a token {@link #signIn} handed
     * out): commands and events name users, never carry what proves who they are. Empty when clean.
     */
    public List<String> credentialsOnTopics() {
        return TopicCredentialScan.findCredentials(stack.kafka().superUserSettings(), TOPICS, List.copyOf(issuedTokens));
    }

    /** Stops the gateway and the services, then the broker, the simulator and PostgreSQL. */
    @Override
    public void close() {
        if (stack != null) {
            stack.close();
        }
    }
}
