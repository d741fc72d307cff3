package org.strategylab.sites;

import java.util.List;

/**
 * The site configuration cannot be used. The message names the source and every bad entry, so a
 * service that fails to start tells the operator exactly what to fix.
 */
public class InvalidSiteConfigurationException extends RuntimeException {

    private final List<String> problems;

    public InvalidSiteConfigurationException(String source, List<String> problems) {
        super("Invalid site configuration in " + source + ": " + String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** One line per problem, each naming the entry and field, e.g. {@code sites[2] (toxodb).baseUrl: ...}. */
    public List<String> problems() {
        return problems;
    }
}
