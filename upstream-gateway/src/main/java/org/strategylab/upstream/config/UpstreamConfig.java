package org.strategylab.upstream.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Settings of the upstream gateway, under {@code strategylab.upstream}. Every limit of the
 * specification (§8) that applies to the upstream client is a named setting here, with the spec's
 * value as its default. The per-site call deadline (portal 120 s, component 30 s) lives with the
 * sites, in {@code strategylab.sites.portal-timeout-seconds} / {@code component-timeout-seconds}.
 */
@ConfigMapping(prefix = "strategylab.upstream")
public interface UpstreamConfig {

    /** The HTTP client that talks to the WDK services. */
    Client client();

    /** Retries of failed upstream calls. */
    Retry retry();

    /** The step-analysis state machine (spec §3). */
    Analysis analysis();

    /** Sizes of result reads. */
    Results results();

    /** Upstream sessions kept per (user, site). */
    Sessions sessions();

    /** Internal helper strategies on the upstream sites. */
    InternalStrategies internalStrategies();

    /** HTTP client limits. */
    interface Client {

        /**
         * The upstream client timeout (spec §8: 30 s): connect timeout of every upstream connection,
         * and the deadline of calls outside a site's service API (priming a session at
         * {@code <web>/app}). Calls to a site's service use the site's routing timeout.
         */
        @WithDefault("30s")
        Duration timeout();

        /** Most connections open to one site at a time (spec §8: 1000). */
        @WithDefault("1000")
        int maxConnections();

        /**
         * Most connections kept alive to one site (spec §8: 200): a request sent while more than this
         * many are in flight asks for its connection to be closed after the answer.
         */
        @WithDefault("200")
        int maxKeepAlive();

        /**
         * The call deadline of particular sites by site id, replacing their routing timeout
         * ({@code strategylab.sites.portal-timeout-seconds} / {@code component-timeout-seconds}): for a
         * site known to be slower or faster than its kind. None by default; the tests give one site a
         * short deadline so timeouts are quick there while every other site's answers have ample time.
         */
        Map<String, Duration> siteTimeout();
    }

    /** Retries, for 5xx answers, timeouts, dropped connections and WDK's delayed result (202) only. */
    interface Retry {

        /** Attempts per call, the first included (PathFinder: 3). */
        @WithDefault("3")
        int maxAttempts();

        /** Wait before the first retry; doubles (with jitter) each time. */
        @WithDefault("1s")
        Duration initialBackoff();

        /** Longest wait between two attempts. */
        @WithDefault("10s")
        Duration maxBackoff();
    }

    /** Step analyses: poll, give up, re-run. */
    interface Analysis {

        /** Time between two status polls (spec §8: 2 s). */
        @WithDefault("2s")
        Duration pollInterval();

        /** Longest wait for one analysis to complete (spec §8: 300 s). */
        @WithDefault("300s")
        Duration maxWait();

        /** Re-runs of the same instance after ERROR or another retriable status (spec §8: 3). */
        @WithDefault("3")
        int maxReruns();
    }

    /** Result reads. */
    interface Results {

        /** Ordered IDs of a step when the caller names no maximum (spec §8: 5000). */
        @WithDefault("5000")
        int orderedIdsDefault();

        /** The largest maximum a caller may ask for ordered IDs or a search's IDs. */
        @WithDefault("50000")
        int orderedIdsCeiling();

        /** Records in a step preview when the caller names no limit (spec §8: 100). */
        @WithDefault("100")
        int previewDefault();

        /** The largest page of records a caller may ask for. */
        @WithDefault("1000")
        int pageCeiling();

        /**
         * IDs resolved by one gene lookup (one uploaded dataset and one {@code GeneByLocusTag}
         * report): the public resolve endpoint's limit, and the batch size of longer lists on the
         * internal one (resolved batch after batch, never skipped).
         */
        @WithDefault("1000")
        int geneLookupBatch();

        /** The most IDs one internal gene resolution may carry (two control lists of a service's limit). */
        @WithDefault("200000")
        int geneLookupMax();

        /**
         * How long an ID's resolution (the gene it names, or that it names none) is reused on its
         * site; default 30 min (0: never). A lab submits the same controls run after run, and on a
         * slow site each lookup is a dataset upload and a report: a burst of experiments with one
         * control list then looks its IDs up once. Gene IDs change with a release, not within hours.
         */
        @WithDefault("PT30M")
        java.time.Duration geneResolutionReuse();

        /** IDs whose resolution is kept at most (least recently used first out); default 500,000. */
        @WithDefault("500000")
        long geneResolutionCacheSize();
    }

    /** Upstream sessions (cookie jars). */
    interface Sessions {

        /**
         * The AES-256 key (base64 of 32 bytes) that encrypts cookie jars at rest. Required outside
         * tests: the service does not start without it.
         */
        Optional<String> key();

        /** How long an unused session stays in memory (it stays in PostgreSQL). */
        @WithDefault("30m")
        Duration idleEviction();
    }

    /** Helper strategies the service creates for itself. */
    interface InternalStrategies {

        /** The name prefix that marks them and hides them from users (spec §2.6). */
        @WithDefault("__svc_internal__:")
        String prefix();

        /**
         * A leaked helper strategy is deleted by the clean-up only when it was last changed this long
         * ago, so helpers another replica is still using are left alone.
         */
        @WithDefault("10m")
        Duration cleanupGrace();
    }
}
