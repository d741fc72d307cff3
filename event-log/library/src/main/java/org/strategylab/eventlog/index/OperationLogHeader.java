package org.strategylab.eventlog.index;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.UUID;

/**
 * The response header by which a service that has just registered an operation tells the gateway
 * where the operation's events are, beside its {@code 202 {operationId}}: the gateway can then open
 * the stream of a POST sent with {@code Accept: text/event-stream} without reading the operation
 * back from the index (a database round trip before the first event reaches the client). The
 * gateway takes it only from the service it forwarded the caller's request to, for that caller, and
 * never passes it on to clients. Without it the gateway reads the index as before.
 *
 * <p>Value: {@code type;topic;partition;firstOffset;epoch;target}, the target percent-encoded (empty
 * when there is none). Topic names cannot hold {@code ;}.
 */
public final class OperationLogHeader {
    /** The header's name. */
    public static final String NAME = "X-StrategyLab-Operation-Log";

    private OperationLogHeader() {
    }

    /** The header value describing {@code operation}. */
    public static String of(OperationRecord operation) {
        String target = operation.targetId() == null ? ""
                : URLEncoder.encode(operation.targetId(), StandardCharsets.UTF_8);
        return operation.type() + ";" + operation.topic() + ";" + operation.partition() + ";"
                + operation.firstOffset() + ";" + operation.epoch() + ";" + target;
    }

    /**
     * The operation a header value describes, as the index would list it just after it started
     * (active, no cancel asked), owned by {@code ownerId}; empty when the value is missing or
     * malformed.
     */
    public static Optional<OperationRecord> parse(String value, UUID id, String ownerId) {
        if (value == null || id == null || ownerId == null) {
            return Optional.empty();
        }
        String[] parts = value.split(";", 6);
        if (parts.length != 6 || parts[0].isEmpty() || parts[1].isEmpty()) {
            return Optional.empty();
        }
        try {
            int partition = Integer.parseInt(parts[2]);
            long firstOffset = Long.parseLong(parts[3]);
            long epoch = Long.parseLong(parts[4]);
            if (partition < 0 || firstOffset < 0) {
                return Optional.empty();
            }
            String target = parts[5].isEmpty() ? null : URLDecoder.decode(parts[5], StandardCharsets.UTF_8);
            return Optional.of(new OperationRecord(id, ownerId, parts[0], target, parts[1], partition, firstOffset,
                    epoch, OperationStatus.ACTIVE, false, null, null, null, null));
        } catch (IllegalArgumentException e) { // NumberFormatException, or a bad percent-encoding
            return Optional.empty();
        }
    }
}
