package org.strategylab.k8s;

import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The chart under Helm's real engine: lint, every switch rendered, and the manifests checked as typed objects. */
class ChartTest {

    private static final String PREFIX = RenderedChart.RELEASE + "-strategylab-";
    private static final List<String> SERVICES = List.of("gateway", "upstream-gateway", "experiment-service", "chat-service");
    private static final List<String> TOPICS = List.of("chat.commands", "experiment.commands", "chat.events", "experiment.events");

    @Test
    void lintPassesStrictWithTheDefaults() {
        LintResult lint = new Helm(RenderedChart.CHART).lint().strict().call();
        assertFalse(lint.isFailed(), () -> String.join("\n", lint.getMessages()));
    }

    /** Each switch of values.yaml, rendered; the shared invariants are checked for every one. */
    static Stream<Arguments> switches() {
        return Stream.of(
                Arguments.of("defaults", Map.of()),
                Arguments.of("strimzi off", Map.of("kafka.strimzi.enabled", false,
                        "kafka.bootstrapServers", "kafka-0.kafka:9092,kafka-1.kafka:9092")),
                Arguments.of("cnpg off", Map.of("postgres.cnpg.enabled", false,
                        "postgres.external.host", "pg.databases.svc", "postgres.external.existingSecret", "lab-pg-login")),
                Arguments.of("simulator on", Map.of("upstreamSimulator.enabled", true)),
                Arguments.of("ingress on", Map.of("ingress.enabled", true)),
                Arguments.of("hpa on", Map.of("gateway.autoscaling.enabled", true,
                        "experimentService.autoscaling.enabled", true, "chatService.autoscaling.enabled", true,
                        "upstreamGateway.autoscaling.enabled", true)),
                Arguments.of("external kafka over SASL_SSL", Map.of("kafka.strimzi.enabled", false,
                        "kafka.bootstrapServers", "kafka.example.org:9093", "kafka.security.protocol", "SASL_SSL",
                        "kafka.security.sasl.existingSecret", "lab-kafka-login", "kafka.security.tls.caConfigMap", "lab-kafka-ca")),
                Arguments.of("tracing on", Map.of("tracing.otlpEndpoint", "http://otel-collector.observability:4317")),
                Arguments.of("secrets as values", Map.of("secrets.peerSecret", "p".repeat(40),
                        "secrets.sessionsKey", sessionsKey(), "modelKeys.anthropic", "sk-ant-test")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("switches")
    void everySwitchRendersHardenedWorkloads(String name, Map<String, Object> sets) {
        RenderedChart chart = RenderedChart.render(sets);

        for (String service : SERVICES) {
            chart.named(Deployment.class, PREFIX + service);
            chart.named(Service.class, PREFIX + service);
            chart.named(PodDisruptionBudget.class, PREFIX + service);
            Map<String, String> config = chart.named(ConfigMap.class, PREFIX + service).getData();
            assertEquals("0.0.0.0", config.get("QUARKUS_HTTP_HOST"), service + " must listen beyond loopback in a pod");
        }
        for (Service service : chart.all(Service.class)) {
            assertEquals("ClusterIP", service.getSpec().getType(), "only the Ingress reaches in: " + service.getMetadata().getName());
        }
        assertTrue(chart.containers().findAny().isPresent());
        chart.containers().forEach(ChartTest::assertHardened);
        chart.podSpecs().forEach(ChartTest::assertWritableTmpOnly);
        assertEverySecretReferenceResolves(chart, sets);
    }

    @Test
    void defaultsMakeStrimziKafkaInKraftWithTheFourTopicsAndACnpgCluster() {
        RenderedChart chart = RenderedChart.render(Map.of("kafka.topics.partitions", 12, "kafka.topics.retentionDays", 14));

        GenericKubernetesResource kafka = single(chart.custom("kafka.strimzi.io/v1beta2", "Kafka"));
        assertEquals("enabled", kafka.getMetadata().getAnnotations().get("strimzi.io/kraft"));
        assertEquals("enabled", kafka.getMetadata().getAnnotations().get("strimzi.io/node-pools"));
        GenericKubernetesResource pool = single(chart.custom("kafka.strimzi.io/v1beta2", "KafkaNodePool"));
        assertEquals(kafka.getMetadata().getName(), pool.getMetadata().getLabels().get("strimzi.io/cluster"));
        assertEquals(List.of("controller", "broker"), pool.get("spec", "roles"));

        List<GenericKubernetesResource> topics = chart.custom("kafka.strimzi.io/v1beta2", "KafkaTopic");
        assertEquals(Set.copyOf(TOPICS), topics.stream().map(t -> (String) t.get("spec", "topicName")).collect(Collectors.toSet()));
        for (GenericKubernetesResource topic : topics) {
            assertEquals(12, ((Number) topic.get("spec", "partitions")).intValue());
            assertEquals(String.valueOf(Duration.ofDays(14).toMillis()), topic.get("spec", "config", "retention.ms"));
            assertEquals(kafka.getMetadata().getName(), topic.getMetadata().getLabels().get("strimzi.io/cluster"));
        }

        GenericKubernetesResource cluster = single(chart.custom("postgresql.cnpg.io/v1", "Cluster"));
        for (String service : SERVICES) {
            Map<String, String> config = chart.named(ConfigMap.class, PREFIX + service).getData();
            assertEquals(kafka.getMetadata().getName() + "-kafka-bootstrap:9093", config.get("KAFKA_BOOTSTRAP_SERVERS"),
                    "the chart's cluster is reached on its one listener, TLS with SCRAM logins");
            assertTrue(config.get("QUARKUS_DATASOURCE_REACTIVE_URL").startsWith("postgresql://" + cluster.getMetadata().getName() + "-rw:5432/"));
            assertEquals("12", config.get("STRATEGYLAB_EVENT_LOG_PARTITIONS"), "topics a service makes itself match the KafkaTopics");
            assertEquals("P14D", config.get("STRATEGYLAB_EVENT_LOG_RETENTION"));
            Container container = container(chart, service);
            assertEquals(cluster.getMetadata().getName() + "-app", env(container, "QUARKUS_DATASOURCE_PASSWORD").getValueFrom().getSecretKeyRef().getName());
        }
    }

    @Test
    void externalKafkaAndPostgresReplaceTheOperators() {
        Map<String, Object> sets = Map.of("kafka.strimzi.enabled", false, "kafka.bootstrapServers", "broker.kafka:9093",
                "postgres.cnpg.enabled", false, "postgres.external.host", "pg.db.svc", "postgres.external.existingSecret", "lab-pg-login");
        RenderedChart chart = RenderedChart.render(sets);

        assertTrue(chart.custom("kafka.strimzi.io/v1beta2", "Kafka").isEmpty());
        assertTrue(chart.custom("kafka.strimzi.io/v1beta2", "KafkaTopic").isEmpty());
        assertTrue(chart.custom("postgresql.cnpg.io/v1", "Cluster").isEmpty());
        for (String service : SERVICES) {
            Map<String, String> config = chart.named(ConfigMap.class, PREFIX + service).getData();
            assertEquals("broker.kafka:9093", config.get("KAFKA_BOOTSTRAP_SERVERS"));
            assertEquals("jdbc:postgresql://pg.db.svc:5432/strategylab", config.get("QUARKUS_DATASOURCE_JDBC_URL"));
            Container container = container(chart, service);
            assertEquals("lab-pg-login", env(container, "QUARKUS_DATASOURCE_USERNAME").getValueFrom().getSecretKeyRef().getName());
        }
    }

    @Test
    void noSecretIsBakedInByDefaultAndEverySecretValueIsAGivenValue() {
        assertTrue(RenderedChart.render(Map.of()).all(Secret.class).isEmpty(),
                "with the defaults the chart makes no Secret: it reads the operator's existing ones");

        String peer = "q".repeat(48);
        String sessions = sessionsKey();
        RenderedChart chart = RenderedChart.render(Map.of("secrets.peerSecret", peer, "secrets.sessionsKey", sessions,
                "modelKeys.openai", "sk-openai-given"));
        Set<String> given = Set.of(peer, sessions, "sk-openai-given");
        Set<String> rendered = new HashSet<>();
        for (Secret secret : chart.all(Secret.class)) {
            assertTrue(secret.getStringData() == null || secret.getStringData().isEmpty(), "stringData is not used");
            secret.getData().values().forEach(v -> rendered.add(new String(Base64.getDecoder().decode(v), StandardCharsets.UTF_8)));
        }
        assertEquals(given, rendered);
        // the sessions key reaches upstream-gateway only, the vendor keys chat-service only
        for (String service : SERVICES) {
            Container container = container(chart, service);
            assertEquals(service.equals("upstream-gateway"), envNames(container).contains("STRATEGYLAB_UPSTREAM_SESSIONS_KEY"), service);
            assertEquals(service.equals("chat-service"), envNames(container).contains("OPENAI_API_KEY"), service);
            assertEquals(PREFIX + "keys", env(container, "STRATEGYLAB_PEER_SECRET").getValueFrom().getSecretKeyRef().getName());
        }
    }

    @Test
    void localModeSignsWithTheGivenKeysAndOnlyTheGatewaySeesThePrivateOne(@TempDir Path dir) throws Exception {
        Path values = dir.resolve("local.yaml");
        Files.writeString(values, """
                auth:
                  mode: local
                  local:
                    privateKeyPem: |
                      -----BEGIN PRIVATE KEY-----
                      given-private
                    publicKeyPem: |
                      -----BEGIN PUBLIC KEY-----
                      given-public
                """);
        RenderedChart chart = RenderedChart.render(Map.of(), values);

        Secret tokenKeys = chart.named(Secret.class, PREFIX + "token-keys");
        assertTrue(decoded(tokenKeys, "token-private.pem").contains("given-private"));
        for (String service : SERVICES) {
            Volume keys = chart.named(Deployment.class, PREFIX + service).getSpec().getTemplate().getSpec().getVolumes().stream()
                    .filter(v -> v.getName().equals("token-keys")).findFirst().orElseThrow();
            Set<String> files = keys.getSecret().getItems().stream().map(i -> i.getPath()).collect(Collectors.toSet());
            assertEquals(service.equals("gateway") ? Set.of("token-public.pem", "token-private.pem") : Set.of("token-public.pem"), files, service);
        }
        assertEquals("file:/etc/strategylab/token-keys/token-private.pem",
                chart.named(ConfigMap.class, PREFIX + "gateway").getData().get("STRATEGYLAB_AUTH_SIGNING_KEY"));
    }

    @Test
    void ingressExposesOnlyTheGatewayWithSseSafeSettingsAndTls() {
        RenderedChart chart = RenderedChart.render(Map.of("ingress.enabled", true, "ingress.host", "lab.example.edu"));

        Ingress ingress = single(chart.all(Ingress.class));
        Map<String, String> annotations = ingress.getMetadata().getAnnotations();
        assertEquals("off", annotations.get("nginx.ingress.kubernetes.io/proxy-buffering"), "SSE must not be buffered");
        // far beyond the gateway's idle timeout (150 s) and heartbeat, so a quiet stream is not cut by the proxy
        assertTrue(Integer.parseInt(annotations.get("nginx.ingress.kubernetes.io/proxy-read-timeout")) > 150);
        assertTrue(Integer.parseInt(annotations.get("nginx.ingress.kubernetes.io/proxy-send-timeout")) > 150);
        assertEquals(List.of("lab.example.edu"), single(ingress.getSpec().getTls()).getHosts());
        assertNotNull(single(ingress.getSpec().getTls()).getSecretName());
        Set<String> backends = ingress.getSpec().getRules().stream().flatMap(r -> r.getHttp().getPaths().stream())
                .map(p -> p.getBackend().getService().getName()).collect(Collectors.toSet());
        assertEquals(Set.of(PREFIX + "gateway"), backends);
        assertEquals("true", chart.named(ConfigMap.class, PREFIX + "gateway").getData().get("QUARKUS_HTTP_PROXY_PROXY_ADDRESS_FORWARDING"));
    }

    @Test
    void servicesAreReachableOnlyFromTheGatewayAndEachOther() {
        RenderedChart chart = RenderedChart.render(Map.of("upstreamSimulator.enabled", true));

        for (String component : List.of("upstream-gateway", "experiment-service", "chat-service", "upstream-simulator")) {
            NetworkPolicy policy = chart.named(NetworkPolicy.class, PREFIX + component);
            assertEquals(component, policy.getSpec().getPodSelector().getMatchLabels().get("app.kubernetes.io/component"));
            List<NetworkPolicyPeer> from = policy.getSpec().getIngress().stream().flatMap(r -> r.getFrom() == null ? Stream.empty() : r.getFrom().stream()).toList();
            assertFalse(from.isEmpty(), component + " must not be open to everyone");
            for (NetworkPolicyPeer peer : from) {
                assertNull(peer.getNamespaceSelector());
                assertNull(peer.getIpBlock());
                var expressions = peer.getPodSelector().getMatchExpressions();
                assertTrue(expressions.stream().anyMatch(e -> e.getKey().equals("app.kubernetes.io/instance") && e.getValues().equals(List.of(RenderedChart.RELEASE))));
                assertTrue(expressions.stream().anyMatch(e -> e.getKey().equals("app.kubernetes.io/component") && Set.copyOf(e.getValues()).equals(Set.copyOf(SERVICES))));
            }
        }
        assertNotNull(chart.named(NetworkPolicy.class, PREFIX + "gateway"));
        assertEquals("http://" + PREFIX + "upstream-simulator:8090",
                chart.named(ConfigMap.class, PREFIX + "upstream-gateway").getData().get("STRATEGYLAB_SITES_ORIGIN_OVERRIDE"));
    }

    @Test
    void aServicesOwnJvmOptionsReplaceTheSharedOnesForItAlone(@TempDir Path dir) throws Exception {
        // the small experiment-service of k8s/README.md
        Path small = dir.resolve("small.yaml");
        Files.writeString(small, """
                experimentService:
                  javaOpts: >-
                    -XX:+UseSerialGC -Xmx56m -Xmn10m
                    -XX:+UseCompactObjectHeaders
                  config:
                    strategylab.experiments.runs.max-concurrent: 2
                    MALLOC_ARENA_MAX: 2
                  resources:
                    requests: {cpu: 500m, memory: 320Mi}
                    limits: {memory: 320Mi}
                """);
        RenderedChart chart = RenderedChart.render(Map.of(), small);
        String shared = RenderedChart.render(Map.of()).named(ConfigMap.class, PREFIX + "experiment-service").getData()
                .get("JDK_JAVA_OPTIONS");
        assertTrue(shared.contains("-XX:MaxRAMPercentage=50"), shared);
        for (String service : SERVICES) {
            assertEquals(service.equals("experiment-service") ? "-XX:+UseSerialGC -Xmx56m -Xmn10m -XX:+UseCompactObjectHeaders" : shared,
                    chart.named(ConfigMap.class, PREFIX + service).getData().get("JDK_JAVA_OPTIONS"), service);
        }
        Map<String, String> config = chart.named(ConfigMap.class, PREFIX + "experiment-service").getData();
        assertEquals("2", config.get("STRATEGYLAB_EXPERIMENTS_RUNS_MAX_CONCURRENT"));
        assertEquals("2", config.get("MALLOC_ARENA_MAX"));
    }

    @Test
    void gatewayRoutesPointAtTheRenderedServices() {
        RenderedChart chart = RenderedChart.render(Map.of());
        Map<String, String> gateway = chart.named(ConfigMap.class, PREFIX + "gateway").getData();
        for (String service : SERVICES.subList(1, SERVICES.size())) {
            Service target = chart.named(Service.class, PREFIX + service);
            String key = "STRATEGYLAB_GATEWAY_ROUTES_" + service.replace('-', '_').toUpperCase() + "_TARGET";
            assertEquals("http://" + target.getMetadata().getName() + ":" + single(target.getSpec().getPorts()).getPort(), gateway.get(key));
        }
    }

    @Test
    void theMcpEndpointReachesChatServiceThroughTheGatewayUnbuffered() throws Exception {
        RenderedChart chart = RenderedChart.render(Map.of("ingress.enabled", true, "ingress.host", "lab.example.edu"));
        // the ingress sends /mcp (and the OAuth metadata under /.well-known) to the gateway, longest prefix first
        Ingress ingress = single(chart.all(Ingress.class));
        for (String path : List.of("/mcp", "/.well-known/oauth-protected-resource/mcp")) {
            String backend = ingress.getSpec().getRules().stream().flatMap(r -> r.getHttp().getPaths().stream())
                    .filter(p -> "Prefix".equals(p.getPathType()) && (p.getPath().equals("/") || path.equals(p.getPath())
                            || path.startsWith(p.getPath() + "/")))
                    .max(java.util.Comparator.comparingInt(p -> p.getPath().length()))
                    .orElseThrow(() -> new AssertionError("no ingress path for " + path)).getBackend().getService().getName();
            assertEquals(PREFIX + "gateway", backend, path);
        }
        // MCP answers stream (progress of a run): not buffered, not cut before the gateway's own idle timeout
        Map<String, String> annotations = ingress.getMetadata().getAnnotations();
        assertEquals("off", annotations.get("nginx.ingress.kubernetes.io/proxy-buffering"));
        assertTrue(Integer.parseInt(annotations.get("nginx.ingress.kubernetes.io/proxy-read-timeout")) > 150);
        // the gateway routes /mcp to chat-service: its own route table (the chart sets only the targets),
        // unless the chart overrides chat-service's prefixes, which must then keep /mcp
        Map<String, String> gateway = chart.named(ConfigMap.class, PREFIX + "gateway").getData();
        java.util.Properties properties = new java.util.Properties();
        try (var in = Files.newInputStream(Path.of("../event-log/gateway/src/main/resources/application.properties"))) {
            properties.load(in);
        }
        String prefixes = gateway.getOrDefault("STRATEGYLAB_GATEWAY_ROUTES_CHAT_SERVICE_PREFIXES",
                properties.getProperty("strategylab.gateway.routes.chat-service.prefixes"));
        assertTrue(List.of(prefixes.split(",")).contains("/mcp"), prefixes);
        Service chat = chart.named(Service.class, PREFIX + "chat-service");
        assertEquals("http://" + chat.getMetadata().getName() + ":" + single(chat.getSpec().getPorts()).getPort(),
                gateway.get("STRATEGYLAB_GATEWAY_ROUTES_CHAT_SERVICE_TARGET"));
        // and chat-service admits the gateway
        NetworkPolicy policy = chart.named(NetworkPolicy.class, PREFIX + "chat-service");
        assertTrue(policy.getSpec().getIngress().stream().flatMap(r -> r.getFrom().stream())
                .flatMap(peer -> peer.getPodSelector().getMatchExpressions().stream())
                .anyMatch(e -> e.getKey().equals("app.kubernetes.io/component") && e.getValues().contains("gateway")),
                policy.toString());
    }

    @Test
    void serviceMonitorsScrapeEveryServicesMetricsOnlyWhenAsked() {
        assertTrue(RenderedChart.render(Map.of()).custom("monitoring.coreos.com/v1", "ServiceMonitor").isEmpty());
        RenderedChart chart = RenderedChart.render(Map.of("metrics.serviceMonitor.enabled", true,
                "metrics.serviceMonitor.interval", "15s", "metrics.serviceMonitor.labels.release", "kps"));
        List<GenericKubernetesResource> monitors = chart.custom("monitoring.coreos.com/v1", "ServiceMonitor");
        assertEquals(SERVICES.size(), monitors.size());
        for (String service : SERVICES) {
            GenericKubernetesResource monitor = monitors.stream()
                    .filter(m -> m.getMetadata().getName().equals(PREFIX + service)).findFirst().orElseThrow();
            assertEquals("kps", monitor.getMetadata().getLabels().get("release"));
            Map<String, String> selector = monitor.get("spec", "selector", "matchLabels");
            Map<String, String> serviceLabels = chart.named(Service.class, PREFIX + service).getMetadata().getLabels();
            selector.forEach((label, value) -> assertEquals(value, serviceLabels.get(label), service + " " + label));
            List<Map<String, Object>> endpoints = monitor.get("spec", "endpoints");
            assertEquals("/q/metrics", single(endpoints).get("path"));
            assertEquals("http", single(endpoints).get("port"));
            assertEquals("15s", single(endpoints).get("interval"));
        }
    }

    @Test
    void namedScrapersMayReachTheServicesBehindTheirNetworkPolicies() {
        RenderedChart plain = RenderedChart.render(Map.of());
        assertEquals(1, plain.named(NetworkPolicy.class, PREFIX + "experiment-service").getSpec().getIngress().size());
        RenderedChart chart = RenderedChart.render(Map.of(
                "metrics.scrapeFrom[0].namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name", "monitoring"));
        for (String service : SERVICES.subList(1, SERVICES.size())) {
            var ingress = chart.named(NetworkPolicy.class, PREFIX + service).getSpec().getIngress();
            assertEquals(2, ingress.size(), service);
            assertEquals("monitoring", single(ingress.get(1).getFrom()).getNamespaceSelector().getMatchLabels()
                    .get("kubernetes.io/metadata.name"));
        }
    }

    @Test
    void theWorkersReachUpstreamGatewayAndChatReachesExperimentsThroughTheirServices() {
        RenderedChart chart = RenderedChart.render(Map.of());
        Service upstream = chart.named(Service.class, PREFIX + "upstream-gateway");
        String url = "http://" + upstream.getMetadata().getName() + ":" + single(upstream.getSpec().getPorts()).getPort();
        for (String worker : List.of("experiment-service", "chat-service")) {
            assertEquals(url, chart.named(ConfigMap.class, PREFIX + worker).getData().get("QUARKUS_REST_CLIENT_UPSTREAM_GATEWAY_URL"));
        }
        Service experiments = chart.named(Service.class, PREFIX + "experiment-service");
        assertEquals("http://" + experiments.getMetadata().getName() + ":" + single(experiments.getSpec().getPorts()).getPort(),
                chart.named(ConfigMap.class, PREFIX + "chat-service").getData().get("QUARKUS_REST_CLIENT_EXPERIMENT_SERVICE_URL"));
    }

    @Test
    void gracePeriodCoversPreStopAndTheStreamDrainOrLeaseHandOver() {
        RenderedChart chart = RenderedChart.render(Map.of("preStopSeconds", 7, "gateway.drainTimeoutSeconds", 40,
                "experimentService.shutdownTimeoutSeconds", 50));

        PodSpec gateway = chart.named(Deployment.class, PREFIX + "gateway").getSpec().getTemplate().getSpec();
        assertEquals(7, single(gateway.getContainers()).getLifecycle().getPreStop().getSleep().getSeconds());
        assertTrue(gateway.getTerminationGracePeriodSeconds() > 7 + 40);
        assertEquals("PT40S", chart.named(ConfigMap.class, PREFIX + "gateway").getData().get("STRATEGYLAB_GATEWAY_STREAM_DRAIN_TIMEOUT"));
        PodSpec worker = chart.named(Deployment.class, PREFIX + "experiment-service").getSpec().getTemplate().getSpec();
        assertTrue(worker.getTerminationGracePeriodSeconds() > 7 + 50);
        assertEquals("PT50S", chart.named(ConfigMap.class, PREFIX + "experiment-service").getData().get("QUARKUS_SHUTDOWN_TIMEOUT"));
    }

    @Test
    void hpaReplacesFixedReplicas() {
        RenderedChart chart = RenderedChart.render(Map.of("chatService.autoscaling.enabled", true, "chatService.autoscaling.maxReplicas", 5));

        HorizontalPodAutoscaler hpa = chart.named(HorizontalPodAutoscaler.class, PREFIX + "chat-service");
        assertEquals(5, hpa.getSpec().getMaxReplicas());
        assertEquals(PREFIX + "chat-service", hpa.getSpec().getScaleTargetRef().getName());
        assertNull(chart.named(Deployment.class, PREFIX + "chat-service").getSpec().getReplicas(), "the HPA owns the replica count");
        assertEquals(2, chart.named(Deployment.class, PREFIX + "gateway").getSpec().getReplicas());
        assertEquals(1, chart.all(HorizontalPodAutoscaler.class).size());
    }

    @Test
    void autoscalerBoundsMustBeOrdered() {
        RuntimeException refused = assertThrows(RuntimeException.class, () -> RenderedChart.render(Map.of(
                "chatService.autoscaling.enabled", true, "chatService.autoscaling.minReplicas", 4, "chatService.autoscaling.maxReplicas", 3)));
        assertTrue(refused.getMessage().contains("chatService.autoscaling.minReplicas"), refused::getMessage);
    }

    static Stream<Arguments> invalidValues() {
        return Stream.of(
                Arguments.of(Map.of("auth.mode", "anonymous"), "auth.mode"),
                Arguments.of(Map.of("secrets.peerSecret", "too-short", "secrets.sessionsKey", sessionsKey()), "secrets.peerSecret"),
                Arguments.of(Map.of("secrets.peerSecret", "p".repeat(40), "secrets.sessionsKey", "not-base64-of-32-bytes"), "secrets.sessionsKey"),
                Arguments.of(Map.of("kafka.topics.retentionDays", 3), "kafka.topics.retentionDays"),
                Arguments.of(Map.of("kafka.topics.partitions", 0), "kafka.topics.partitions"),
                Arguments.of(Map.of("gateway.replicas", 0), "gateway.replicas"),
                Arguments.of(Map.of("podSecurity.runAsUser", 0), "podSecurity.runAsUser"),
                Arguments.of(Map.of("gateway.replica", 3), "replica"),
                Arguments.of(Map.of("kafka.strimzi.enabled", false), "kafka.bootstrapServers"),
                Arguments.of(Map.of("postgres.cnpg.enabled", false), "postgres.external.host"),
                Arguments.of(Map.of("auth.jwksUrl", ""), "auth.jwksUrl"),
                Arguments.of(Map.of("gateway.resources.limits.memory", "lots"), "gateway.resources.limits.memory"),
                Arguments.of(Map.of("ingress.enabled", "yes"), "ingress.enabled"),
                Arguments.of(Map.of("metrics.serviceMonitor.interval", "soon"), "metrics.serviceMonitor.interval"),
                Arguments.of(Map.of("kafka.security.protocol", "TLS"), "kafka.security.protocol"),
                Arguments.of(Map.of("kafka.security.sasl.mechanism", "GSSAPI"), "kafka.security.sasl.mechanism"),
                Arguments.of(Map.of("tracing.otlpEndpoint", "otel-collector:4317"), "tracing.otlpEndpoint"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidValues")
    void invalidValuesAreRejectedNamingTheField(Map<String, Object> sets, String field) {
        RuntimeException refused = assertThrows(RuntimeException.class, () -> RenderedChart.render(sets));
        assertTrue(refused.getMessage().contains("schema"), refused::getMessage);
        assertTrue(refused.getMessage().contains(field), () -> "expected the error to name " + field + ": " + refused.getMessage());
    }

    @Test
    void tracingIsOffUnlessAnOtlpEndpointIsSetAndThenOnInEveryService() {
        RenderedChart off = RenderedChart.render(Map.of());
        RenderedChart on = RenderedChart.render(Map.of("tracing.otlpEndpoint", "http://otel-collector.observability:4317"));

        for (String service : SERVICES) {
            Map<String, String> defaults = off.named(ConfigMap.class, PREFIX + service).getData();
            // the services' own default (quarkus.otel.sdk.disabled=true) stays in force
            assertFalse(defaults.containsKey("QUARKUS_OTEL_SDK_DISABLED"), service);
            assertFalse(defaults.containsKey("QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT"), service);
            Map<String, String> traced = on.named(ConfigMap.class, PREFIX + service).getData();
            assertEquals("false", traced.get("QUARKUS_OTEL_SDK_DISABLED"), service);
            assertEquals("http://otel-collector.observability:4317", traced.get("QUARKUS_OTEL_EXPORTER_OTLP_ENDPOINT"), service);
        }
    }

    @Test
    void anExternalKafkaOverSaslSslGetsTheLoginFromASecretAndTheCaMountedReadOnly() {
        RenderedChart chart = RenderedChart.render(Map.of("kafka.strimzi.enabled", false,
                "kafka.bootstrapServers", "kafka.example.org:9093", "kafka.security.protocol", "SASL_SSL",
                "kafka.security.sasl.mechanism", "SCRAM-SHA-512", "kafka.security.sasl.existingSecret", "lab-kafka-login",
                "kafka.security.sasl.passwordKey", "user-password", "kafka.security.tls.caSecret", "lab-kafka-ca"));

        for (String service : SERVICES) {
            Map<String, String> config = chart.named(ConfigMap.class, PREFIX + service).getData();
            assertEquals("kafka.example.org:9093", config.get("KAFKA_BOOTSTRAP_SERVERS"));
            assertEquals("SASL_SSL", config.get("KAFKA_SECURITY_PROTOCOL"), service);
            assertEquals("SCRAM-SHA-512", config.get("KAFKA_SASL_MECHANISM"), service);
            assertEquals("PEM", config.get("KAFKA_SSL_TRUSTSTORE_TYPE"), service);
            assertEquals("/etc/strategylab/kafka-ca/ca.crt", config.get("KAFKA_SSL_TRUSTSTORE_LOCATION"), service);

            Container container = container(chart, service);
            assertEquals("lab-kafka-login", env(container, "KAFKA_SASL_USERNAME").getValueFrom().getSecretKeyRef().getName());
            assertEquals("username", env(container, "KAFKA_SASL_USERNAME").getValueFrom().getSecretKeyRef().getKey());
            assertEquals("user-password", env(container, "KAFKA_SASL_PASSWORD").getValueFrom().getSecretKeyRef().getKey());
            // the login module line names the variables Kubernetes fills in, never the values
            assertEquals("org.apache.kafka.common.security.scram.ScramLoginModule required "
                    + "username=\"$(KAFKA_SASL_USERNAME)\" password=\"$(KAFKA_SASL_PASSWORD)\";",
                    env(container, "KAFKA_SASL_JAAS_CONFIG").getValue());
            List<String> order = container.getEnv().stream().map(EnvVar::getName).toList();
            assertTrue(order.indexOf("KAFKA_SASL_PASSWORD") < order.indexOf("KAFKA_SASL_JAAS_CONFIG"),
                    "a $(VAR) reference resolves only to a variable defined before it");

            assertTrue(container.getVolumeMounts().stream().anyMatch(m -> m.getName().equals("kafka-ca")
                    && m.getMountPath().equals("/etc/strategylab/kafka-ca") && Boolean.TRUE.equals(m.getReadOnly())), service);
            Volume ca = chart.named(Deployment.class, PREFIX + service).getSpec().getTemplate().getSpec().getVolumes().stream()
                    .filter(v -> v.getName().equals("kafka-ca")).findFirst().orElseThrow();
            assertEquals("lab-kafka-ca", ca.getSecret().getSecretName());
        }
    }

    @Test
    void plainSaslUsesThePlainLoginModuleAndAPlaintextClusterGetsNoKafkaSecuritySettings() {
        RenderedChart plain = RenderedChart.render(Map.of("kafka.strimzi.enabled", false,
                "kafka.bootstrapServers", "kafka.example.org:9092", "kafka.security.protocol", "SASL_PLAINTEXT",
                "kafka.security.sasl.mechanism", "PLAIN", "kafka.security.sasl.existingSecret", "lab-kafka-login",
                "kafka.security.tls.caConfigMap", "ignored-without-tls"));
        Container chat = container(plain, "chat-service");
        assertTrue(env(chat, "KAFKA_SASL_JAAS_CONFIG").getValue().startsWith("org.apache.kafka.common.security.plain.PlainLoginModule required "));
        Map<String, String> config = plain.named(ConfigMap.class, PREFIX + "chat-service").getData();
        assertEquals("SASL_PLAINTEXT", config.get("KAFKA_SECURITY_PROTOCOL"));
        assertFalse(config.containsKey("KAFKA_SSL_TRUSTSTORE_LOCATION"), "no TLS, so no trust store");
        assertTrue(chat.getVolumeMounts().stream().noneMatch(m -> m.getName().equals("kafka-ca")));

        RenderedChart plaintext = RenderedChart.render(Map.of("kafka.strimzi.enabled", false,
                "kafka.bootstrapServers", "kafka.example.org:9092"));
        for (String service : SERVICES) {
            assertTrue(plaintext.named(ConfigMap.class, PREFIX + service).getData().keySet().stream().noneMatch(k ->
                    k.startsWith("KAFKA_S")), service);
            assertTrue(envNames(container(plaintext, service)).stream().noneMatch(n -> n.startsWith("KAFKA_SASL")), service);
        }
    }

    @Test
    void theChartsKafkaAdmitsOnlyTheChartsServicesOverTlsWithScramLogins() {
        RenderedChart chart = RenderedChart.render(Map.of());
        GenericKubernetesResource kafka = single(chart.custom("kafka.strimzi.io/v1beta2", "Kafka"));
        List<Map<String, Object>> listeners = kafka.get("spec", "kafka", "listeners");
        Map<String, Object> listener = single(listeners);
        assertEquals(true, listener.get("tls"), "no plaintext listener");
        assertEquals(Map.of("type", "scram-sha-512"), listener.get("authentication"));
        assertEquals("simple", kafka.get("spec", "kafka", "authorization", "type"), "ACLs are enforced");
        assertNotNull(kafka.get("spec", "entityOperator", "userOperator"), "the user operator makes the KafkaUsers' Secrets");

        @SuppressWarnings("unchecked")
        List<Map<String, Object>> peers = (List<Map<String, Object>>) listener.get("networkPolicyPeers");
        Map<String, Object> peer = single(peers);
        assertEquals(Set.of("podSelector"), peer.keySet(), "no namespace or address outside the release");
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> expressions = (List<Map<String, Object>>) ((Map<String, Object>) peer.get("podSelector")).get("matchExpressions");
        assertTrue(expressions.contains(Map.of("key", "app.kubernetes.io/instance", "operator", "In", "values", List.of(RenderedChart.RELEASE))));
        assertTrue(expressions.contains(Map.of("key", "app.kubernetes.io/component", "operator", "In",
                "values", List.of("chat-service", "experiment-service", "gateway"))), () -> expressions.toString());
    }

    @Test
    void eachKafkaUserHoldsExactlyTheAclsItsServiceNeeds() {
        RenderedChart chart = RenderedChart.render(Map.of());
        Map<String, Set<String>> rights = new java.util.TreeMap<>();
        for (GenericKubernetesResource user : chart.custom("kafka.strimzi.io/v1beta2", "KafkaUser")) {
            assertEquals(PREFIX + "kafka", user.getMetadata().getLabels().get("strimzi.io/cluster"));
            assertEquals("scram-sha-512", user.get("spec", "authentication", "type"));
            assertEquals("simple", user.get("spec", "authorization", "type"));
            List<Map<String, Object>> acls = user.get("spec", "authorization", "acls");
            Set<String> granted = new java.util.TreeSet<>();
            for (Map<String, Object> acl : acls) {
                @SuppressWarnings("unchecked")
                Map<String, Object> resource = (Map<String, Object>) acl.get("resource");
                assertEquals("literal", resource.get("patternType"), "no prefix or wildcard grants");
                @SuppressWarnings("unchecked")
                List<String> operations = (List<String>) acl.get("operations");
                operations.forEach(op -> granted.add(resource.get("type") + ":" + resource.get("name") + ":" + op));
            }
            rights.put(user.getMetadata().getName().substring(PREFIX.length()), granted);
        }
        assertEquals(Map.of(
                "gateway", Set.of("topic:chat.events:Describe", "topic:chat.events:Read",
                        "topic:experiment.events:Describe", "topic:experiment.events:Read"),
                "experiment-service", Set.of("topic:experiment.commands:Describe", "topic:experiment.commands:Read",
                        "topic:experiment.commands:Write", "topic:experiment.events:Describe", "topic:experiment.events:Read",
                        "topic:experiment.events:Write", "group:experiment-service:Read"),
                "chat-service", Set.of("topic:chat.commands:Describe", "topic:chat.commands:Read", "topic:chat.commands:Write",
                        "topic:chat.events:Describe", "topic:chat.events:Read", "topic:chat.events:Write",
                        "topic:experiment.events:Describe", "topic:experiment.events:Read", "group:chat-service:Read")),
                rights, "upstream-gateway has no Kafka client, so no KafkaUser");
    }

    @Test
    void servicesReadTheirOwnKafkaLoginFromStrimzisSecretAndTrustTheClusterCa() {
        RenderedChart chart = RenderedChart.render(Map.of());
        for (String service : List.of("gateway", "experiment-service", "chat-service")) {
            Container container = container(chart, service);
            EnvVar jaas = env(container, "KAFKA_SASL_JAAS_CONFIG");
            assertNull(jaas.getValue(), "the login is never in the manifests");
            assertEquals(PREFIX + service, jaas.getValueFrom().getSecretKeyRef().getName(), "its own KafkaUser's Secret");
            assertEquals("sasl.jaas.config", jaas.getValueFrom().getSecretKeyRef().getKey());
            Map<String, String> config = chart.named(ConfigMap.class, PREFIX + service).getData();
            assertEquals("SASL_SSL", config.get("KAFKA_SECURITY_PROTOCOL"));
            assertEquals("SCRAM-SHA-512", config.get("KAFKA_SASL_MECHANISM"));
            assertEquals("/etc/strategylab/kafka-ca/ca.crt", config.get("KAFKA_SSL_TRUSTSTORE_LOCATION"));
            Volume ca = chart.named(Deployment.class, PREFIX + service).getSpec().getTemplate().getSpec().getVolumes().stream()
                    .filter(v -> v.getName().equals("kafka-ca")).findFirst().orElseThrow();
            assertEquals(PREFIX + "kafka-cluster-ca-cert", ca.getSecret().getSecretName());
            assertTrue(container.getVolumeMounts().stream().anyMatch(m -> m.getName().equals("kafka-ca") && m.getReadOnly()));
        }
        Container upstream = container(chart, "upstream-gateway");
        assertTrue(envNames(upstream).stream().noneMatch(n -> n.startsWith("KAFKA_SASL")), "upstream-gateway has no Kafka login");
        assertTrue(chart.named(ConfigMap.class, PREFIX + "upstream-gateway").getData().keySet().stream().noneMatch(k -> k.startsWith("KAFKA_S")));
    }

    @Test
    void postgresIsReachedOnlyByTheServicesItsOwnInstancesAndTheOperator() {
        RenderedChart chart = RenderedChart.render(Map.of("postgres.operatorNamespace", "databases-operators"));
        NetworkPolicy policy = chart.named(NetworkPolicy.class, PREFIX + "postgres");
        GenericKubernetesResource cluster = single(chart.custom("postgresql.cnpg.io/v1", "Cluster"));
        assertEquals(Map.of("cnpg.io/cluster", cluster.getMetadata().getName()), policy.getSpec().getPodSelector().getMatchLabels());
        assertEquals(List.of("Ingress"), policy.getSpec().getPolicyTypes());
        var rules = policy.getSpec().getIngress();
        assertEquals(2, rules.size());
        NetworkPolicyPeer services = single(rules.get(0).getFrom());
        assertEquals(List.of(5432), rules.get(0).getPorts().stream().map(p -> p.getPort().getIntVal()).toList());
        assertTrue(services.getPodSelector().getMatchExpressions().stream().anyMatch(e -> e.getKey().equals("app.kubernetes.io/component")
                && Set.copyOf(e.getValues()).equals(Set.copyOf(SERVICES))));
        assertNull(services.getNamespaceSelector());
        List<NetworkPolicyPeer> operatorAndPeers = rules.get(1).getFrom();
        assertEquals(Map.of("cnpg.io/cluster", cluster.getMetadata().getName()), operatorAndPeers.get(0).getPodSelector().getMatchLabels());
        assertEquals(Map.of("kubernetes.io/metadata.name", "databases-operators"),
                operatorAndPeers.get(1).getNamespaceSelector().getMatchLabels());
        assertEquals(Map.of("app.kubernetes.io/name", "cloudnative-pg"), operatorAndPeers.get(1).getPodSelector().getMatchLabels());

        RenderedChart external = RenderedChart.render(Map.of("postgres.cnpg.enabled", false,
                "postgres.external.host", "pg.db.svc", "postgres.external.existingSecret", "lab-pg-login"));
        assertTrue(external.all(NetworkPolicy.class).stream().noneMatch(p -> p.getMetadata().getName().equals(PREFIX + "postgres")),
                "your own PostgreSQL's network is yours");
    }

    @Test
    void aSaslProtocolWithoutItsSecretOrTwoCaSourcesAreRefused() {
        RuntimeException noLogin = assertThrows(RuntimeException.class, () -> RenderedChart.render(Map.of(
                "kafka.strimzi.enabled", false, "kafka.bootstrapServers", "kafka.example.org:9093",
                "kafka.security.protocol", "SASL_SSL")));
        assertTrue(noLogin.getMessage().contains("kafka.security.sasl.existingSecret"), noLogin::getMessage);
        RuntimeException twoCas = assertThrows(RuntimeException.class, () -> RenderedChart.render(Map.of(
                "kafka.strimzi.enabled", false, "kafka.bootstrapServers", "kafka.example.org:9093",
                "kafka.security.protocol", "SSL", "kafka.security.tls.caSecret", "a", "kafka.security.tls.caConfigMap", "b")));
        assertTrue(twoCas.getMessage().contains("kafka.security.tls"), twoCas::getMessage);
    }

    private static void assertHardened(Container container) {
        String name = container.getName();
        assertNotNull(container.getStartupProbe(), name + " startup probe");
        assertNotNull(container.getLivenessProbe(), name + " liveness probe");
        assertNotNull(container.getReadinessProbe(), name + " readiness probe");
        if (container.getReadinessProbe().getHttpGet() != null) {
            assertEquals("/q/health/started", container.getStartupProbe().getHttpGet().getPath(), name);
            assertEquals("/q/health/live", container.getLivenessProbe().getHttpGet().getPath(), name);
            assertEquals("/q/health/ready", container.getReadinessProbe().getHttpGet().getPath(), name);
        } else {
            assertEquals("upstream-simulator", name, "only the simulator (no Quarkus) has TCP probes");
        }
        assertNotNull(container.getResources().getRequests().get("cpu"), name + " cpu request");
        assertNotNull(container.getResources().getRequests().get("memory"), name + " memory request");
        assertNotNull(container.getResources().getLimits().get("memory"), name + " memory limit");
        var security = container.getSecurityContext();
        assertEquals(Boolean.TRUE, security.getRunAsNonRoot(), name);
        assertTrue(security.getRunAsUser() > 0, name);
        assertEquals(Boolean.FALSE, security.getAllowPrivilegeEscalation(), name);
        assertEquals(Boolean.TRUE, security.getReadOnlyRootFilesystem(), name);
        assertEquals(List.of("ALL"), security.getCapabilities().getDrop(), name);
    }

    /** A read-only root needs a writable /tmp (Quarkus, Vert.x): an emptyDir, in every container. */
    private static void assertWritableTmpOnly(PodSpec spec) {
        Set<String> emptyDirs = spec.getVolumes().stream().filter(v -> v.getEmptyDir() != null).map(Volume::getName).collect(Collectors.toSet());
        for (Container container : spec.getContainers()) {
            assertTrue(container.getVolumeMounts().stream().anyMatch(m -> m.getMountPath().equals("/tmp") && emptyDirs.contains(m.getName())),
                    container.getName() + " needs an emptyDir on /tmp");
        }
        assertTrue(spec.getSecurityContext().getRunAsNonRoot());
    }

    /** Each referenced Secret is one the chart renders, an existing one named in values, or CNPG's app secret. */
    private static void assertEverySecretReferenceResolves(RenderedChart chart, Map<String, Object> sets) {
        Set<String> known = new HashSet<>(chart.all(Secret.class).stream().map(s -> s.getMetadata().getName()).toList());
        Map<String, Object> values = new LinkedHashMap<>(Map.of("secrets.existingSecret", "strategylab-keys",
                "auth.local.existingSecret", "strategylab-token-keys"));
        values.putAll(sets);
        values.forEach((key, value) -> {
            if (key.endsWith("existingSecret")) {
                known.add(value.toString());
            }
        });
        chart.custom("postgresql.cnpg.io/v1", "Cluster").forEach(c -> known.add(c.getMetadata().getName() + "-app"));
        // Strimzi writes a Secret per KafkaUser (named after it) and one with each cluster's CA
        chart.custom("kafka.strimzi.io/v1beta2", "KafkaUser").forEach(u -> known.add(u.getMetadata().getName()));
        chart.custom("kafka.strimzi.io/v1beta2", "Kafka").forEach(k -> known.add(k.getMetadata().getName() + "-cluster-ca-cert"));
        for (PodSpec spec : chart.podSpecs()) {
            spec.getContainers().stream().flatMap(c -> c.getEnv() == null ? Stream.empty() : c.getEnv().stream())
                    .filter(e -> e.getValueFrom() != null && e.getValueFrom().getSecretKeyRef() != null)
                    .forEach(e -> assertTrue(known.contains(e.getValueFrom().getSecretKeyRef().getName()), e.getName() + " reads an unknown secret"));
            spec.getVolumes().stream().filter(v -> v.getSecret() != null)
                    .forEach(v -> assertTrue(known.contains(v.getSecret().getSecretName()), v.getName()));
            for (Container container : spec.getContainers()) {
                for (EnvVar env : container.getEnv()) {
                    if (env.getName().contains("SECRET") || env.getName().contains("KEY") || env.getName().contains("PASSWORD")) {
                        assertNull(env.getValue(), env.getName() + " must come from a Secret, not a literal");
                    }
                }
            }
        }
    }

    private static Container container(RenderedChart chart, String service) {
        return single(chart.named(Deployment.class, PREFIX + service).getSpec().getTemplate().getSpec().getContainers());
    }

    private static EnvVar env(Container container, String name) {
        return container.getEnv().stream().filter(e -> e.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(container.getName() + " has no " + name));
    }

    private static Set<String> envNames(Container container) {
        return container.getEnv().stream().map(EnvVar::getName).collect(Collectors.toSet());
    }

    private static String decoded(Secret secret, String key) {
        return new String(Base64.getDecoder().decode(secret.getData().get(key)), StandardCharsets.UTF_8);
    }

    private static String sessionsKey() {
        return Base64.getEncoder().encodeToString(new byte[32]);
    }

    private static <T> T single(List<T> items) {
        assertEquals(1, items.size(), () -> "expected one: " + items);
        return items.get(0);
    }
}
