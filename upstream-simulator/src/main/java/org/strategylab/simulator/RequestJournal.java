package org.strategylab.simulator;

import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The requests the sites received, in order of arrival: what a test asserts to show which calls a
 * client made (an upload before the step that reads it, a DELETE after a failed create). Every
 * request to a site is journaled, faulted ones included, with the status it was answered (0 while
 * under way, or when no answer was sent); {@code /__simulator/**} requests are not. The journal
 * keeps the last {@value #CAPACITY} requests, and at most {@value #BODY_LIMIT} characters of a body.
 * Thread-safe.
 */
public final class RequestJournal implements Handler<RoutingContext> {

    /** Requests kept at most (the oldest are forgotten first). */
    public static final int CAPACITY = 20_000;

    /** Characters of a request body kept at most. */
    public static final int BODY_LIMIT = 65_536;

    /**
     * One request a site received.
     *
     * @param sequence its place in the journal (increasing from 1, never reused)
     * @param method   the HTTP method (after WDK's {@code ?http-method=} override)
     * @param path     the request path ({@code /plasmo/service/users/123/steps})
     * @param query    the query string, or {@code null}
     * @param body     the request body ({@code ""} when none)
     * @param status   the status answered, 0 while under way or when the connection closed unanswered
     */
    public record RecordedRequest(long sequence, String method, String path, String query, String body, int status) {

        /** Whether this is a request of the method whose path matches the regular expression (searched). */
        public boolean is(String requestMethod, String pathRegex) {
            return method.equalsIgnoreCase(requestMethod) && Pattern.compile(pathRegex).matcher(path).find();
        }
    }

    private record Entry(long sequence, String method, String path, String query, String body, AtomicInteger status) {

        RecordedRequest view() {
            return new RecordedRequest(sequence, method, path, query, body, status.get());
        }
    }

    private final ConcurrentLinkedDeque<Entry> entries = new ConcurrentLinkedDeque<>();
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicInteger size = new AtomicInteger();

    @Override
    public void handle(RoutingContext ctx) {
        String body = ctx.body() == null || ctx.body().buffer() == null ? "" : ctx.body().asString();
        if (body.length() > BODY_LIMIT) {
            body = body.substring(0, BODY_LIMIT);
        }
        Entry entry = new Entry(sequence.incrementAndGet(), ctx.request().method().name(), ctx.request().path(),
                ctx.request().query(), body, new AtomicInteger());
        entries.addLast(entry);
        if (size.incrementAndGet() > CAPACITY && entries.pollFirst() != null) {
            size.decrementAndGet();
        }
        ctx.addHeadersEndHandler(v -> entry.status().set(ctx.response().getStatusCode()));
        ctx.next();
    }

    /** The sequence number of the last request so far: pass it to {@link #since(long)} to see what comes after. */
    public long mark() {
        return sequence.get();
    }

    /** The requests after {@code mark}, in order of arrival. */
    public List<RecordedRequest> since(long mark) {
        List<RecordedRequest> list = new ArrayList<>();
        for (Entry entry : entries) {
            if (entry.sequence() > mark) {
                list.add(entry.view());
            }
        }
        return list;
    }

    /** Every request kept, in order of arrival. */
    public List<RecordedRequest> all() {
        return since(0);
    }

    /** Forgets every request (sequence numbers go on). */
    public void clear() {
        entries.clear();
        size.set(0);
    }
}
