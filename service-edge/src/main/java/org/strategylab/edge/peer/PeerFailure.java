package org.strategylab.edge.peer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.strategylab.edge.problem.FieldError;

/**
 * Another StrategyLab service refused or failed a call: its status, its problem {@code code}, its
 * detail and the fields it named (read from its problem+json answer). A 4xx means the request was
 * wrong; anything else that the peer, or what it calls, failed.
 */
public final class PeerFailure extends RuntimeException {

    private final String peer;
    private final int status;
    private final String code;
    private final List<FieldError> errors;

    public PeerFailure(String peer, int status, String code, String detail, List<FieldError> errors) {
        super(detail);
        this.peer = peer;
        this.status = status;
        this.code = code;
        this.errors = List.copyOf(errors);
    }

    /** The failure a REST client's exception stands for, with the peer's problem body read. */
    public static PeerFailure of(String peer, WebApplicationException thrown, ObjectMapper mapper) {
        Response response = thrown.getResponse();
        int status = response.getStatus();
        String code = null;
        String detail = null;
        List<FieldError> errors = new ArrayList<>();
        try {
            String text = response.readEntity(String.class);
            JsonNode problem = text == null || text.isBlank() ? null : mapper.readTree(text);
            if (problem != null) {
                code = problem.path("code").isTextual() ? problem.path("code").asText() : null;
                detail = problem.path("detail").isTextual() ? problem.path("detail").asText()
                        : problem.path("title").asText(null);
                for (JsonNode error : problem.path("errors")) {
                    errors.add(new FieldError(error.path("pointer").asText(""), error.path("message").asText("")));
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            detail = null;
        }
        if (detail == null) {
            detail = peer + " answered " + status;
        }
        return new PeerFailure(peer, status, code, detail, errors);
    }

    public String peer() {
        return peer;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** Whether the request was refused (a 4xx other than an authentication or rate problem). */
    public boolean inputRefused() {
        return status == 400 || status == 404 || status == 409 || status == 422;
    }

    /** The detail followed by each named field's message: what a person (or a model) needs to fix the request. */
    public String explanation() {
        StringBuilder text = new StringBuilder(getMessage());
        for (FieldError error : errors) {
            text.append("; ").append(error.pointer()).append(": ").append(error.message());
        }
        return text.toString();
    }
}
