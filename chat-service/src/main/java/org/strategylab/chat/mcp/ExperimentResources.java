package org.strategylab.chat.mcp;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkiverse.mcp.server.RequestUri;
import io.quarkiverse.mcp.server.ResourceTemplate;
import io.quarkiverse.mcp.server.TextResourceContents;
import jakarta.inject.Inject;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * An experiment, a page of its classified records and its HTML report as MCP resources
 * ({@code strategylab://experiments/{id}}, {@code …/records}, {@code …/report}), read from
 * experiment-service as the caller: someone else's is "resource not found", like a missing one.
 */
public class ExperimentResources {

    static final String SCHEME = "strategylab://experiments/";
    private static final int RECORDS_PAGE = 100;

    @Inject
    @RestClient
    ExperimentApi experiments;

    @Inject
    McpCaller caller;

    @Inject
    McpFailures failures;

    @Inject
    ObjectMapper mapper;

    @ResourceTemplate(name = "experiment", uriTemplate = "strategylab://experiments/{id}", mimeType = "application/json",
            description = "An experiment of yours: its configuration, status, figures, classified genes and analyses (JSON)")
    public TextResourceContents experiment(String id, RequestUri uri) {
        McpCaller.User user = caller.current();
        JsonNode view = failures.resource(ExperimentTools.EXPERIMENTS, "reading the experiment", uri.value(),
                () -> experiments.experiment(user.bearer(), checked(id, uri)));
        return new TextResourceContents(uri.value(), json(view), "application/json");
    }

    @ResourceTemplate(name = "experiment_records", uriTemplate = "strategylab://experiments/{id}/records",
            mimeType = "application/json", description = "The first " + RECORDS_PAGE + " records of an experiment's "
            + "result, each with its classification against the controls (TP, FP, FN, TN) (JSON)")
    public TextResourceContents records(String id, RequestUri uri) {
        McpCaller.User user = caller.current();
        JsonNode page = failures.resource(ExperimentTools.EXPERIMENTS, "reading the experiment's records", uri.value(),
                () -> experiments.records(user.bearer(), checked(id, uri), 0, RECORDS_PAGE));
        return new TextResourceContents(uri.value(), json(page), "application/json");
    }

    @ResourceTemplate(name = "experiment_report", uriTemplate = "strategylab://experiments/{id}/report",
            mimeType = "text/html", description = "An experiment's self-contained HTML report (figures, charts, genes)")
    public TextResourceContents report(String id, RequestUri uri) {
        McpCaller.User user = caller.current();
        String html = failures.resource(ExperimentTools.EXPERIMENTS, "rendering the report", uri.value(),
                () -> experiments.report(user.bearer(), checked(id, uri)));
        return new TextResourceContents(uri.value(), html, "text/html");
    }

    private static String checked(String id, RequestUri uri) {
        if (!McpArguments.isUuid(id)) {
            throw new io.quarkiverse.mcp.server.McpException("Resource not found: " + uri.value(),
                    io.quarkiverse.mcp.server.JsonRpcErrorCodes.RESOURCE_NOT_FOUND);
        }
        return id;
    }

    private String json(JsonNode node) {
        try {
            return mapper.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an experiment could not be written as JSON", e);
        }
    }
}
