package org.strategylab.upstream.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * One WDK answer, read completely: its status, content type and body text.
 *
 * @param siteId      the site that answered
 * @param operation   what was asked ({@code POST /users/{uid}/steps}), for errors and logs
 * @param status      the HTTP status
 * @param contentType the media type, or {@code null}
 * @param body        the body text ({@code ""} when there is none)
 */
public record WdkResponse(String siteId, String operation, int status, String contentType, String body) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Whether the status is 2xx. */
    public boolean ok() {
        return status >= 200 && status < 300;
    }

    /** The body as JSON; a body that is not JSON is an upstream contract failure. */
    public JsonNode json() {
        try {
            JsonNode node = JSON.readTree(body);
            if (node == null || node.isMissingNode()) {
                throw UpstreamFailure.malformed(siteId, operation, status, "empty body where JSON was expected");
            }
            return node;
        } catch (JsonProcessingException e) {
            throw UpstreamFailure.malformed(siteId, operation, status, "body is not JSON");
        }
    }

    /** The JSON body of a 2xx answer; any other status fails the operation. */
    public JsonNode okJson() {
        return requireOk().json();
    }

    /** This answer if it is 2xx; otherwise the operation fails with the upstream status. */
    public WdkResponse requireOk() {
        if (!ok()) {
            throw UpstreamFailure.status(siteId, operation, status);
        }
        return this;
    }

    /** The {@code id} of a create answer ({@code {"id": 123}}). */
    public long createdId() {
        JsonNode id = okJson().get("id");
        if (id == null || !id.canConvertToLong()) {
            throw UpstreamFailure.malformed(siteId, operation, status, "no numeric id in the create answer");
        }
        return id.asLong();
    }

    /** Whether this is WDK's "delayed result" 202: a process query whose answer is not ready yet. */
    public boolean delayedResult() {
        return status == 202 && body.contains("WDK-DELAYED-RESULT");
    }

    /** The WDK 422 validation bundle of this answer, if it is one. */
    public ValidationBundle validationBundle() {
        return ValidationBundle.parse(body);
    }
}
