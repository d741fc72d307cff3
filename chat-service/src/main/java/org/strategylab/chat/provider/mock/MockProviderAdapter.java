package org.strategylab.chat.provider.mock;

import dev.langchain4j.model.chat.StreamingChatModel;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.strategylab.chat.provider.ModelChoice;
import org.strategylab.chat.provider.ProviderAdapter;

/**
 * The {@code mock} provider: always available, no key, no network. It drives the real tools
 * against the real site (or the simulator), so the whole product works offline and the tests
 * exercise the real tool path.
 */
@ApplicationScoped
public class MockProviderAdapter implements ProviderAdapter {

    /** {@code strategylab.chat.mock.*} */
    @ConfigMapping(prefix = "strategylab.chat.mock")
    public interface MockConfig {
        /** The pause between streamed pieces of text, so the stream reads like a vendor's. */
        @WithDefault("PT0.01S")
        Duration pieceDelay();

        /** How long each model call waits before its first piece: a vendor's latency, for benchmarks (0: none). */
        @WithDefault("PT0S")
        Duration callDelay();
    }

    @Inject
    MockConfig config;

    private final MockPlanner planner = new MockPlanner();
    private final ExecutorService streams = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "mock-model-stream");
        thread.setDaemon(true);
        return thread;
    });

    @Override
    public String provider() {
        return "mock";
    }

    @Override
    public StreamingChatModel open(ModelChoice choice) {
        return new MockChatModel(planner, config.pieceDelay(), config.callDelay(), streams, choice.entry().model());
    }

    @PreDestroy
    void stop() {
        streams.shutdownNow();
    }
}
