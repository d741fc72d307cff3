package org.strategylab.chat.provider;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The HTTP client the plain langchain4j vendor libraries (Anthropic, Gemini, Ollama) stream
 * through, on the JDK's own client.
 *
 * <p>Why not quarkus-langchain4j's JAX-RS client, which those libraries would otherwise load: it
 * reads a response into memory before handing it over, so a stream arrives in one piece at its end
 * (no token-by-token deltas), a stream that never ends blocks forever, and cancelling cannot close
 * the connection. Here the body is read as it arrives, and langchain4j's cancel (which closes the
 * body stream) closes the connection, so the vendor stops generating and billing. Passing it to each
 * builder explicitly also keeps langchain4j from looking for a client on the class path at all (the
 * "multiple HTTP clients" conflict of STACK.md §2).
 */
final class StreamingHttpClient implements HttpClient {

    /** Cuts streams whose time is up (one daemon thread for every vendor). */
    private static final ScheduledExecutorService DEADLINES = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "vendor-stream-deadlines");
        thread.setDaemon(true);
        return thread;
    });

    private final java.net.http.HttpClient jdk;
    private final Duration timeout;

    private StreamingHttpClient(java.net.http.HttpClient jdk, Duration timeout) {
        this.jdk = jdk;
        this.timeout = timeout;
    }

    /** A builder over one shared JDK client (its connection pool); the libraries set the timeouts. */
    static HttpClientBuilder builder(java.net.http.HttpClient jdk) {
        return new Builder(jdk);
    }

    /** How long to wait for a connection to a vendor (the vendor's timeout covers its answer). */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);

    /** A JDK client (a connection pool) for one vendor. */
    static java.net.http.HttpClient jdkClient() {
        return java.net.http.HttpClient.newBuilder()
                .connectTimeout(CONNECT_TIMEOUT)
                .followRedirects(java.net.http.HttpClient.Redirect.NEVER)
                .build();
    }

    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
        try {
            HttpResponse<String> response = jdk.send(toJdk(request), HttpResponse.BodyHandlers.ofString());
            if (!successful(response.statusCode())) {
                throw new HttpException(response.statusCode(), response.body());
            }
            return SuccessfulHttpResponse.builder().statusCode(response.statusCode())
                    .headers(response.headers().map()).body(response.body()).build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while calling " + request.url(), e);
        }
    }

    /**
     * Sends the request and returns at once; the body is parsed on the JDK client's threads as it
     * arrives. Every failure, before or during the stream, reaches {@code onError}.
     */
    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener listener) {
        jdk.sendAsync(toJdk(request), HttpResponse.BodyHandlers.ofInputStream())
                .thenAccept(response -> stream(response, parser, listener))
                .exceptionally(failure -> {
                    listener.onError(failure instanceof CompletionException && failure.getCause() != null
                            ? failure.getCause() : failure);
                    return null;
                });
    }

    private void stream(HttpResponse<InputStream> response, ServerSentEventParser parser,
                        ServerSentEventListener listener) {
        AtomicBoolean timedOut = new AtomicBoolean();
        try (InputStream body = response.body()) {
            if (!successful(response.statusCode())) {
                String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
                listener.onError(new HttpException(response.statusCode(), text));
                return;
            }
            // the JDK times out only the wait for the response's start; a stream that stalls or
            // never ends is cut when the whole call's time is up
            ScheduledFuture<?> deadline = timeout == null ? null : DEADLINES.schedule(() -> {
                timedOut.set(true);
                closeQuietly(body);
            }, timeout.toMillis(), TimeUnit.MILLISECONDS);
            try {
                listener.onOpen(SuccessfulHttpResponse.builder().statusCode(response.statusCode())
                        .headers(response.headers().map()).build());
                parser.parse(body, listener);
            } finally {
                if (deadline != null) {
                    deadline.cancel(false);
                }
            }
            if (timedOut.get()) {
                listener.onError(new TimeoutException("no complete answer within " + timeout));
                return;
            }
            listener.onClose();
        } catch (IOException | RuntimeException e) {
            listener.onError(timedOut.get() ? new TimeoutException("no complete answer within " + timeout) : e);
        }
    }

    private static void closeQuietly(InputStream body) {
        try {
            body.close();
        } catch (IOException ignored) {
            // closing is the point; a failure to close changes nothing
        }
    }

    private java.net.http.HttpRequest toJdk(HttpRequest request) {
        java.net.http.HttpRequest.Builder builder = java.net.http.HttpRequest.newBuilder(URI.create(request.url()));
        if (timeout != null) {
            // the JDK applies it until the response starts; stream() enforces it on the whole call
            builder.timeout(timeout);
        }
        for (Map.Entry<String, List<String>> header : request.headers().entrySet()) {
            for (String value : header.getValue()) {
                builder.header(header.getKey(), value);
            }
        }
        java.net.http.HttpRequest.BodyPublisher body = request.body() == null
                ? java.net.http.HttpRequest.BodyPublishers.noBody()
                : java.net.http.HttpRequest.BodyPublishers.ofString(request.body(), StandardCharsets.UTF_8);
        return builder.method(request.method().name(), body).build();
    }

    private static boolean successful(int status) {
        return status >= 200 && status < 300;
    }

    /** What the vendor libraries configure: the timeouts (the connect timeout is the shared client's). */
    private static final class Builder implements HttpClientBuilder {

        private final java.net.http.HttpClient jdk;
        private Duration connectTimeout;
        private Duration readTimeout;

        Builder(java.net.http.HttpClient jdk) {
            this.jdk = jdk;
        }

        @Override
        public Duration connectTimeout() {
            return connectTimeout;
        }

        @Override
        public HttpClientBuilder connectTimeout(Duration timeout) {
            this.connectTimeout = timeout;
            return this;
        }

        @Override
        public Duration readTimeout() {
            return readTimeout;
        }

        @Override
        public HttpClientBuilder readTimeout(Duration timeout) {
            this.readTimeout = timeout;
            return this;
        }

        @Override
        public HttpClient build() {
            return new StreamingHttpClient(jdk, readTimeout);
        }
    }
}
