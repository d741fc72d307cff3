package org.strategylab.gateway.routing;

import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.strategylab.gateway.config.GatewayConfig;

/**
 * Which service owns a request path: the route with the longest matching prefix. A prefix segment
 * {@code *} matches any one segment ({@code /api/v1/experiments/*}{@code /chat}: an experiment's
 * workbench chat belongs to chat-service while the experiment belongs to experiment-service).
 */
public final class RouteTable {

    /** A service that owns a path prefix. */
    public record Target(String service, String prefix, String host, int port, boolean tls) {
    }

    private final List<Target> targets;

    private RouteTable(List<Target> targets) {
        this.targets = targets.stream().sorted(Comparator.comparingInt((Target t) -> t.prefix().length()).reversed())
                .toList();
    }

    /** Builds the table from configuration; a bad target is a start-up error naming the route. */
    public static RouteTable of(Map<String, GatewayConfig.Route> routes) {
        List<Target> targets = new ArrayList<>();
        routes.forEach((service, route) -> {
            URI uri = route.target();
            String scheme = uri.getScheme() == null ? "" : uri.getScheme();
            if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
                throw new IllegalArgumentException("strategylab.gateway.routes." + service
                        + ".target must be an http(s) URL, was '" + uri + "'");
            }
            int port = uri.getPort() > 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
            for (String prefix : route.prefixes()) {
                String clean = prefix.endsWith("/") ? prefix.substring(0, prefix.length() - 1) : prefix;
                if (!clean.startsWith("/")) {
                    throw new IllegalArgumentException("strategylab.gateway.routes." + service
                            + ".prefixes: '" + prefix + "' must start with '/'");
                }
                targets.add(new Target(service, clean, uri.getHost(), port, scheme.equals("https")));
            }
        });
        return new RouteTable(targets);
    }

    /** The service owning {@code path}, if any. {@code /api/v1/sites} owns itself and everything below it. */
    public Optional<Target> match(String path) {
        for (Target target : targets) {
            String prefix = target.prefix();
            if (prefix.contains("*") ? matchesSegments(prefix, path)
                    : path.equals(prefix) || path.startsWith(prefix) && path.charAt(prefix.length()) == '/') {
                return Optional.of(target);
            }
        }
        return Optional.empty();
    }

    /** Whether the path starts with the prefix's segments, {@code *} standing for any one non-empty segment. */
    private static boolean matchesSegments(String prefix, String path) {
        String[] wanted = prefix.substring(1).split("/");
        String[] given = path.substring(1).split("/", -1);
        if (given.length < wanted.length) {
            return false;
        }
        for (int i = 0; i < wanted.length; i++) {
            boolean any = wanted[i].equals("*") && !given[i].isEmpty();
            if (!any && !wanted[i].equals(given[i])) {
                return false;
            }
        }
        return true;
    }
}
