package org.strategylab.chat.mcp;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The MCP server's own settings, under {@code strategylab.chat.mcp} (the endpoint's are the extension's {@code quarkus.mcp.server.*}). */
@ConfigMapping(prefix = "strategylab.chat.mcp")
public interface McpConfig {

    /**
     * How long a tool that waits for an operation (an experiment run, an analysis) follows it before it
     * answers with the operation still running (it goes on; read it later); default 30 minutes, the
     * length of a run's own limit.
     */
    @WithDefault("PT30M")
    Duration operationWait();

    /** How long {@code create_strategy} waits for the agent's turn before answering with it still running; default 10 minutes. */
    @WithDefault("PT10M")
    Duration turnWait();
}
