package org.strategylab.eventlog.topics;

import io.smallrye.common.annotation.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only when the service's own topics exist. Retries provisioning while they do not, so the
 * check both reports and repairs.
 */
@Readiness
@Blocking
@ApplicationScoped
public class TopicsReadinessCheck implements HealthCheck {

    @Inject
    TopicProvisioner provisioner;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("Kafka topics")
                .withData("topics", String.join(",", provisioner.owned()));
        if (provisioner.provisioned()) {
            return response.up().build();
        }
        try {
            provisioner.ensureTopics();
            return response.up().build();
        } catch (TopicProvisioningException e) {
            return response.down().withData("error", e.getMessage()).build();
        }
    }
}
