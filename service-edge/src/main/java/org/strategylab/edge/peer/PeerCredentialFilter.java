package org.strategylab.edge.peer;

import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import java.util.Optional;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Adds the service-to-service secret to a REST client's requests. Register it only on clients of
 * sibling services ({@code @RegisterProvider(PeerCredentialFilter.class)} on e.g. a client of
 * upstream-gateway's {@code /internal/v1}); it is deliberately not a global {@code @Provider}, so
 * the secret never goes to VEuPathDB or a model vendor.
 */
public class PeerCredentialFilter implements ClientRequestFilter {

    private final Optional<String> secret = ConfigProvider.getConfig()
            .getOptionalValue("strategylab.peer.secret", String.class);

    @Override
    public void filter(ClientRequestContext request) {
        secret.ifPresent(value -> request.getHeaders().putSingle(PeerCredential.HEADER, value));
    }
}
