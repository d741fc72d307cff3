package org.strategylab.testsupport.process;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A packaged Quarkus application ({@code target/quarkus-app/quarkus-run.jar}) as a separate JVM on
 * a loopback port, configured with system properties. {@link #start} waits until
 * {@code /q/health/ready} answers 200; {@link #kill} and {@link #start} again restart it on the same
 * port with the same configuration, as a crashed service would be restarted by its supervisor.
 */
public final class QuarkusAppProcess extends LaunchedProcess {

    /** JVM options unless the builder says otherwise (those the local run gives every service). */
    public static final List<String> DEFAULT_JVM_OPTIONS = List.of("-XX:+UseSerialGC", "-Xmx256m",
            "-XX:+ExitOnOutOfMemoryError");

    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).build();

    private final String name;
    private final Path jar;
    private final int port;
    private final Map<String, String> properties;
    private final List<String> jvmOptions;
    private final Path log;
    private final Duration startTimeout;

    private QuarkusAppProcess(Builder builder) {
        super(builder.name, Duration.ofSeconds(30), Duration.ofSeconds(15));
        this.name = builder.name;
        this.jar = builder.jar.toAbsolutePath();
        this.port = builder.port > 0 ? builder.port : FreePorts.pick();
        this.properties = Map.copyOf(builder.properties);
        this.jvmOptions = List.copyOf(builder.jvmOptions);
        this.log = builder.log != null ? builder.log : Path.of(name + ".log");
        this.startTimeout = builder.startTimeout;
    }

    /**
     * An application run from its {@code quarkus-run.jar}.
     *
     * @param name a short name for logs and messages ("gateway")
     */
    public static Builder builder(String name, Path jar) {
        return new Builder(name, jar);
    }

    /** {@code http://127.0.0.1:<port>}. */
    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + port);
    }

    /** The HTTP port. */
    public int port() {
        return port;
    }

    /**
     * Starts the application and waits until it is ready.
     *
     * @throws IllegalStateException when it exits or is not ready within the start timeout
     */
    public QuarkusAppProcess start() {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " does not exist: package the application first");
        }
        launchNew();
        awaitReady(startTimeout);
        return this;
    }

    @Override
    protected ManagedProcess launch() {
        return ManagedProcess.start(name, JavaCommand.jar(jar).jvmOptions(jvmOptions)
                .property("quarkus.http.port", Integer.toString(port)).properties(properties).toList(), log);
    }

    /** Waits until {@code /q/health/ready} answers 200. */
    public void awaitReady(Duration timeout) {
        HttpRequest ready = HttpRequest.newBuilder(baseUri().resolve("/q/health/ready"))
                .timeout(Duration.ofSeconds(5)).GET().build();
        Waiting.until(name + " on port " + port + " is ready", timeout,
                () -> HTTP.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200, process());
    }

    /** How to start an application. */
    public static final class Builder {

        private final String name;
        private final Path jar;
        private int port;
        private final Map<String, String> properties = new LinkedHashMap<>();
        private final List<String> jvmOptions = new ArrayList<>(DEFAULT_JVM_OPTIONS);
        private Path log;
        private Duration startTimeout = Duration.ofSeconds(180);

        private Builder(String name, Path jar) {
            this.name = name;
            this.jar = jar;
        }

        /** The HTTP port; a free one by default. Kept across restarts. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** A configuration property, passed as a system property. */
        public Builder property(String key, String value) {
            properties.put(key, value);
            return this;
        }

        /** Configuration properties, passed as system properties. */
        public Builder properties(Map<String, String> values) {
            properties.putAll(values);
            return this;
        }

        /** Replaces the JVM options ({@link #DEFAULT_JVM_OPTIONS} by default). */
        public Builder jvmOptions(List<String> options) {
            jvmOptions.clear();
            jvmOptions.addAll(options);
            return this;
        }

        /** Where its output goes; {@code <name>.log} in the working directory by default. */
        public Builder log(Path log) {
            this.log = log;
            return this;
        }

        /** How long a start may take until ready; default 180 s (a loaded 2-core machine is slow: two JVMs starting at once under other builds have taken over 120 s). */
        public Builder startTimeout(Duration timeout) {
            this.startTimeout = timeout;
            return this;
        }

        /** The application, not started yet. */
        public QuarkusAppProcess build() {
            return new QuarkusAppProcess(this);
        }
    }

    @Override
    public String toString() {
        return name + " on port " + port + (process() == null ? "" : ", " + process());
    }
}
