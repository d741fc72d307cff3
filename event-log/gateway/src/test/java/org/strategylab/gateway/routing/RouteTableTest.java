package org.strategylab.gateway.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.strategylab.gateway.config.GatewayConfig;

class RouteTableTest {

    static GatewayConfig.Route route(String target, String... prefixes) {
        return new GatewayConfig.Route() {
            @Override
            public URI target() {
                return URI.create(target);
            }

            @Override
            public List<String> prefixes() {
                return List.of(prefixes);
            }
        };
    }

    final RouteTable table = RouteTable.of(Map.of(
            "experiment-service", route("http://localhost:18082", "/api/v1/experiments"),
            "chat-service", route("http://localhost:18083", "/api/v1/chat", "/api/v1/experiments/*/chat")));

    static String owner(RouteTable table, String path) {
        return table.match(path).map(RouteTable.Target::service).orElse("none");
    }

    @Test
    void aWildcardSegmentTakesAnExperimentsWorkbenchChatToTheChatService() {
        assertEquals("chat-service", owner(table, "/api/v1/experiments/5f0c/chat"));
        assertEquals("chat-service", owner(table, "/api/v1/experiments/5f0c/chat/messages"));
        assertEquals("experiment-service", owner(table, "/api/v1/experiments/5f0c"));
        assertEquals("experiment-service", owner(table, "/api/v1/experiments/5f0c/chatter"));
        assertEquals("experiment-service", owner(table, "/api/v1/experiments//chat"));
        assertEquals("experiment-service", owner(table, "/api/v1/experiments"));
        assertEquals("chat-service", owner(table, "/api/v1/chat"));
        assertTrue(table.match("/api/v1/other").isEmpty());
        assertEquals(Optional.empty(), table.match("/api/v1/chatter").map(RouteTable.Target::service));
    }
}
