package org.strategylab.testsupport.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Loopback ports for processes a test starts. */
public final class FreePorts {

    private FreePorts() {
    }

    /**
     * A port on 127.0.0.1 that nothing listens on right now. The operating system picks it, so two
     * calls (and two test runs) do not collide; the port is free again when this returns.
     */
    public static int pick() {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }
}
