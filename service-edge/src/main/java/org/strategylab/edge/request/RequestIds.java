package org.strategylab.edge.request;

import io.quarkus.vertx.http.runtime.filters.Filters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.UUID;
import java.util.regex.Pattern;
import org.jboss.logging.MDC;

/**
 * Gives every HTTP request an id: the caller's {@code X-Request-ID} when it is sane, otherwise a
 * new UUID. The id goes into the logging context (log format {@code %X{requestId}}), into problem
 * bodies, and back to the caller in the response header, so one id follows a request from the
 * gateway through every service it reaches.
 */
@ApplicationScoped
public class RequestIds {

    /** The request and response header. */
    public static final String HEADER = "X-Request-ID";
    /** The logging context key. */
    public static final String MDC_KEY = "requestId";

    // bounded and printable, so a caller cannot inject log lines or huge headers
    private static final Pattern ACCEPTED = Pattern.compile("[A-Za-z0-9._:-]{1,128}");
    private static final int ORDER = 1000;

    void register(@Observes Filters filters) {
        filters.register(context -> {
            String id = accept(context.request().getHeader(HEADER));
            MDC.put(MDC_KEY, id);
            context.put(MDC_KEY, id);
            context.response().putHeader(HEADER, id);
            context.next();
        }, ORDER);
    }

    /** The caller's id if it is acceptable, otherwise a fresh one. */
    public static String accept(String candidate) {
        return candidate != null && ACCEPTED.matcher(candidate).matches() ? candidate : UUID.randomUUID().toString();
    }
}
