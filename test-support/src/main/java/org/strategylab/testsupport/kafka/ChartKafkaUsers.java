package org.strategylab.testsupport.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.strategylab.testsupport.process.KafkaBrokerProcess;

/**
 * The Kafka rights the Helm chart gives each service ({@code k8s/strategylab/files/kafka-acls.yaml},
 * Strimzi's KafkaUser ACL form), set up on a broker that takes SCRAM logins and enforces ACLs: one
 * login per service, a random password, exactly the chart's ACLs. A service started with
 * {@link #grantOn}'s settings has on that broker only the rights it has on a cluster, so a right the
 * chart lacks fails a test here rather than a deployment.
 */
public final class ChartKafkaUsers {

    /** The chart's ACL file, from the repository root. */
    public static final Path ACL_FILE = Path.of("k8s", "strategylab", "files", "kafka-acls.yaml");

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, List<AclBinding>> rights;

    private ChartKafkaUsers(Map<String, List<AclBinding>> rights) {
        this.rights = rights;
    }

    /** The chart's file, found by walking up from the working directory to the repository root. */
    public static ChartKafkaUsers ofChart() {
        Path directory = Path.of("").toAbsolutePath();
        while (directory != null) {
            Path candidate = directory.resolve(ACL_FILE);
            if (Files.isRegularFile(candidate)) {
                return read(candidate);
            }
            directory = directory.getParent();
        }
        throw new IllegalStateException("no " + ACL_FILE + " above " + Path.of("").toAbsolutePath());
    }

    /** Reads an ACL file: service name to a list of {@code {resource: {type, name, patternType}, operations: [...]}}. */
    public static ChartKafkaUsers read(Path file) {
        try {
            JsonNode root = new YAMLMapper().readTree(file.toFile());
            Map<String, List<AclBinding>> rights = new LinkedHashMap<>();
            root.properties().forEach(service -> rights.put(service.getKey(), bindings(service.getKey(), service.getValue())));
            return new ChartKafkaUsers(rights);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** The services that have a Kafka login. */
    public Set<String> services() {
        return rights.keySet();
    }

    /** The ACLs of one service's login ({@code User:<service>}, from any host). */
    public List<AclBinding> aclsOf(String service) {
        List<AclBinding> acls = rights.get(service);
        if (acls == null) {
            throw new IllegalArgumentException(service + " has no Kafka login in the chart");
        }
        return acls;
    }

    /**
     * Creates each service's login with a fresh random password and grants it its ACLs.
     *
     * @return per service, its {@code kafka.}-prefixed client settings (protocol, mechanism, JAAS login)
     */
    public Map<String, Map<String, String>> grantOn(KafkaBrokerProcess broker) {
        Map<String, Map<String, String>> settings = new LinkedHashMap<>();
        List<AclBinding> all = new ArrayList<>();
        for (String service : services()) {
            byte[] secret = new byte[24];
            RANDOM.nextBytes(secret);
            String password = HexFormat.of().formatHex(secret);
            broker.createUser(service, password);
            all.addAll(aclsOf(service));
            Map<String, String> prefixed = new LinkedHashMap<>();
            KafkaBrokerProcess.clientLogin(service, password).forEach((key, value) -> prefixed.put("kafka." + key, value));
            settings.put(service, prefixed);
        }
        try (Admin admin = broker.admin()) {
            admin.createAcls(all).all().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("cannot grant the chart's Kafka ACLs", e);
        }
        return settings;
    }

    private static List<AclBinding> bindings(String service, JsonNode entries) {
        List<AclBinding> bindings = new ArrayList<>();
        for (JsonNode entry : entries) {
            JsonNode resource = entry.path("resource");
            ResourcePattern pattern = new ResourcePattern(known(ResourceType.fromString(upper(resource.path("type"))),
                    ResourceType.UNKNOWN, service, resource), resource.path("name").asText(),
                    known(PatternType.fromString(upper(resource.path("patternType"))), PatternType.UNKNOWN, service, resource));
            for (JsonNode operation : entry.path("operations")) {
                AclOperation op = known(AclOperation.fromString(upper(operation)), AclOperation.UNKNOWN, service, operation);
                bindings.add(new AclBinding(pattern, new AccessControlEntry("User:" + service, "*", op, AclPermissionType.ALLOW)));
            }
        }
        return List.copyOf(bindings);
    }

    /** Strimzi writes {@code topic}, {@code literal}, {@code Describe}; Kafka's names are upper case. */
    private static String upper(JsonNode name) {
        return name.asText("").toUpperCase(java.util.Locale.ROOT);
    }

    private static <T> T known(T value, T unknown, String service, JsonNode source) {
        if (value == unknown) {
            throw new IllegalArgumentException(service + ": not a Kafka ACL name in " + source);
        }
        return value;
    }
}
