package org.strategylab.simulator.wdk;

import java.util.List;
import java.util.Map;

/**
 * An error answered the way WDK's ExceptionMapper answers it: a status and a text/plain body (the
 * 422 body is the JSON validation bundle, still labelled text/plain).
 */
public class WdkException extends RuntimeException {

    public static final String PERMISSION_DENIED = "Permission Denied.  You do not have access to this resource.";

    private final int status;
    private final String body;

    public WdkException(int status, String body) {
        super(body, null, false, false);
        this.status = status;
        this.body = body;
    }

    public int status() {
        return status;
    }

    public String body() {
        return body;
    }

    /** 400: malformed JSON, schema violation, missing required key. */
    public static WdkException badRequest(String message) {
        return new WdkException(400, message);
    }

    /** 404 with WDK's resource wording, e.g. {@code notFound("Step ID 12")}. */
    public static WdkException notFound(String resource) {
        return new WdkException(404, "Resource '" + resource + "' does not exist.");
    }

    public static WdkException forbidden() {
        return new WdkException(403, PERMISSION_DENIED);
    }

    public static WdkException conflict(String message) {
        return new WdkException(409, message);
    }

    /** 422 with general errors only. */
    public static WdkException unprocessable(String... general) {
        return new WdkException(422, ValidationBundle.invalid(List.of(general), Map.of()).toString());
    }

    /** 422 with errors by key. */
    public static WdkException unprocessable(List<String> general, Map<String, List<String>> byKey) {
        return new WdkException(422, ValidationBundle.invalid(general, byKey).toString());
    }
}
