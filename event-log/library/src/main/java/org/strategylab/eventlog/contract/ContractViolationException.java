package org.strategylab.eventlog.contract;

import java.util.List;

/** An event that the event contract does not describe: what its producer sent is undocumented. */
public class ContractViolationException extends RuntimeException {

    private final List<String> violations;

    public ContractViolationException(String type, List<String> violations, String data) {
        super("event '" + type + "' does not match event-log/asyncapi.yaml: " + String.join("; ", violations)
                + " — data: " + data);
        this.violations = List.copyOf(violations);
    }

    /** Each mismatch, as the schema validator words it. */
    public List<String> violations() {
        return violations;
    }
}
