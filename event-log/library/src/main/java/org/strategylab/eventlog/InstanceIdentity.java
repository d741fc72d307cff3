package org.strategylab.eventlog;

import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.UUID;

/**
 * This process's name as a lease holder: host, process id and a random part, so a restarted
 * process never mistakes its predecessor's leases for its own.
 */
@ApplicationScoped
public class InstanceIdentity {

    private final String id;

    public InstanceIdentity() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown-host";
        }
        id = host + "/" + ProcessHandle.current().pid() + "/" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** The lease holder name of this process. */
    public String id() {
        return id;
    }
}
