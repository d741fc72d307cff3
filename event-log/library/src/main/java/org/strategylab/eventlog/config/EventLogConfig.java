package org.strategylab.eventlog.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The event log's settings, under {@code strategylab.event-log}: the topics a service owns and how
 * they are created (so they never depend on the broker's auto-creation defaults), the leases of
 * running operations, and catch-up reads.
 */
@ConfigMapping(prefix = "strategylab.event-log")
public interface EventLogConfig {

    /** Topics this service creates and checks, e.g. {@code chat.commands,chat.events}. None by default. */
    Optional<List<String>> ownedTopics();

    /** Partitions of a new topic; default 3. Operations are keyed by id, so more partitions spread the load. */
    @WithDefault("3")
    int partitions();

    /** Replication factor of a new topic; default 1 (3 on a production cluster). */
    @WithDefault("1")
    short replicationFactor();

    /** How long events are kept; default {@code P7D}, the minimum the architecture allows. */
    @WithDefault("P7D")
    Duration retention();

    /** How long one admin call (provisioning, offsets, topic ids) may take; default 10 s. */
    @WithDefault("PT10S")
    Duration adminTimeout();

    /** The event producer. */
    Producer producer();

    /** Leases of running operations. */
    Lease lease();

    /** Catch-up reads of an operation's past events. */
    Replay replay();

    /** The workers that take operations from a commands topic. */
    Workers workers();

    /** Running an operation again when its worker died. */
    Restart restart();

    /**
     * Running again, from the start, an operation whose worker died (its lease expired before its
     * end): the reaper puts it back in the queue and sends its command again, up to
     * {@code max-attempts} runs in all, instead of ending it failed. Only for operation types whose
     * work can simply be done again (deterministic, and spending nothing but the site's time).
     */
    interface Restart {

        /** The operation types run again after their worker died; none by default (they end failed). */
        Optional<List<String>> types();

        /** The most runs one operation gets in all, the first included; default 2. */
        @WithDefault("2")
        int maxAttempts();
    }

    /** The workers that take operations from a commands topic ({@code CommandWorkers}). */
    interface Workers {

        /**
         * Commands read ahead and waiting in memory for a slot, so that free slots can go to the user
         * with the least work running rather than to whoever wrote most commands first; default 1000.
         * Past that the consumer waits and the rest stay in Kafka (and in the index, queued). A
         * command waits unacknowledged, so an instance that dies loses none of them.
         */
        @WithDefault("1000")
        int maxWaitingCommands();

        /**
         * How long a queued operation waits for the instance its command went to before any instance
         * with a free slot and no command waiting may take it from the index instead; unset (the
         * default): never, each operation waits for the instance whose partition its command is on.
         * Set it where operations are independent of each other (experiment-service's runs), not where
         * one owner's operations must run in order (a conversation's turns). Only operations whose
         * command was kept with them ({@code Operations#keepCommand}) can be taken this way.
         */
        java.util.Optional<Duration> pickupAfter();

        /** How often an instance with free slots and no command waiting looks for such operations; default 1 s. */
        @WithDefault("PT1S")
        Duration pickupInterval();
    }

    /** The event producer. */
    interface Producer {

        /**
         * How long the producer waits to batch events; default none, an event goes out at once (token
         * streams and progress want latency, not batches: on loopback, a linger of 2 ms made an event
         * reach a consumer 7.8 ms after its send at the median, against 3.6 ms without). Events still
         * go out together while earlier sends are in flight.
         */
        @WithDefault("PT0S")
        Duration linger();

        /**
         * Events that may wait for the producer (they pile up while the broker is away); default
         * 10,000. A further event is refused at once and its operation fails, instead of the
         * instance running out of memory.
         */
        @WithDefault("10000")
        int queueCapacity();

        /**
         * How long handing one event to the producer may wait for the broker's metadata (Kafka's
         * {@code max.block.ms}); default 60 s. While it waits, further events queue up.
         */
        @WithDefault("PT60S")
        Duration maxBlock();
    }

    /** Leases: a worker renews its operations' leases; an expired lease means the worker died. */
    interface Lease {

        /** How long a lease lasts without renewal; default 30 s. The reaper ends an operation this long after its worker died. */
        @WithDefault("PT30S")
        Duration duration();

        /** How often a worker renews its leases and reads cancel requests; default 5 s (well under the duration). */
        @WithDefault("PT5S")
        Duration heartbeat();

        /**
         * How long a queued operation (registered, not yet claimed) may go on waiting while no worker
         * that takes it is alive: it is ended as failed once it has waited this long and no instance
         * serving its events topic has been seen for this long either; default 30 min. While a worker
         * lives the operation waits, however long its queue (a burst of runs on a slow site).
         */
        @WithDefault("PT30M")
        Duration claimTimeout();

        /** Whether this instance runs the reaper that ends operations whose lease expired; default true. */
        @WithDefault("true")
        boolean reaper();

        /** How often the reaper looks for expired leases; default 5 s. */
        @WithDefault("PT5S")
        Duration reaperInterval();

        /** How many expired operations one reaper pass ends at most; default 50. */
        @WithDefault("50")
        int reaperBatch();
    }

    /** Catch-up reads. */
    interface Replay {

        /** Kafka consumers kept for catch-up reads; default 4. More concurrent catch-ups wait for one. */
        @WithDefault("4")
        int consumers();

        /** Records fetched per poll; default 2000. */
        @WithDefault("2000")
        int maxPollRecords();

        /** How long one catch-up may wait for a record it knows exists before giving up; default 30 s. */
        @WithDefault("PT30S")
        Duration timeout();
    }
}
