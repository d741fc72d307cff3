package org.strategylab.experiment.support;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import jakarta.inject.Singleton;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;

/**
 * The tests' span exporter: quarkus-opentelemetry's default ({@code quarkus.otel.traces.exporter=cdi})
 * exports to every {@link SpanExporter} bean, and the tests turn OTLP off, so every finished span of
 * the module's test run lands here. Only the latest spans are kept, so a whole suite run with tracing
 * on holds a bounded amount.
 */
@Singleton
public class RecordingSpanExporter implements SpanExporter {

    private static final int KEPT = 20_000;

    private final ArrayDeque<SpanData> spans = new ArrayDeque<>();

    @Override
    public synchronized CompletableResultCode export(Collection<SpanData> batch) {
        for (SpanData span : batch) {
            if (spans.size() == KEPT) {
                spans.removeFirst();
            }
            spans.addLast(span);
        }
        return CompletableResultCode.ofSuccess();
    }

    /** The spans exported so far (the latest {@value #KEPT}), oldest first. */
    public synchronized List<SpanData> spans() {
        return List.copyOf(spans);
    }

    @Override
    public CompletableResultCode flush() {
        return CompletableResultCode.ofSuccess();
    }

    @Override
    public CompletableResultCode shutdown() {
        return CompletableResultCode.ofSuccess();
    }
}
