package org.strategylab.chat.mcp;

import java.util.regex.Pattern;

/** The checks of tool arguments the extension's JSON types cannot express; each refusal names the argument. */
final class McpArguments {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.:-]{1,200}");
    private static final Pattern UUID = Pattern.compile(
            "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private McpArguments() {
    }

    /** A required identifier-like value (a site id, a search or parameter name). */
    static String name(String argument, String value) {
        if (value == null || value.isBlank()) {
            throw McpFailures.invalidArgument(argument, "is required");
        }
        if (!NAME.matcher(value).matches()) {
            throw McpFailures.invalidArgument(argument, "must be a name of letters, digits, '_', '.', ':' or '-'");
        }
        return value;
    }

    /** Required text of at most {@code max} characters. */
    static String text(String argument, String value, int max) {
        if (value == null || value.isBlank()) {
            throw McpFailures.invalidArgument(argument, "is required");
        }
        if (value.length() > max) {
            throw McpFailures.invalidArgument(argument, "must be at most " + max + " characters");
        }
        return value;
    }

    /** A whole number within bounds. */
    static int range(String argument, int value, int min, int max) {
        if (value < min || value > max) {
            throw McpFailures.invalidArgument(argument, "must be between " + min + " and " + max);
        }
        return value;
    }

    /** An id of the API's (experiments, strategies, operations are UUIDs): anything else names nothing of the caller's. */
    static boolean isUuid(String value) {
        return value != null && UUID.matcher(value).matches();
    }
}
