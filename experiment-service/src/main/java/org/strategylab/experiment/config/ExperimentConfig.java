package org.strategylab.experiment.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** experiment-service's limits and settings, under {@code strategylab.experiments}. */
@ConfigMapping(prefix = "strategylab.experiments")
public interface ExperimentConfig {

    /** Control sets. */
    ControlSets controlSets();

    /** Experiment runs. */
    Runs runs();

    /** Analyses of an experiment that has run: enrichment and threshold sweeps. */
    Analyses analyses();

    /** Requests that carry gene lists, taken in a few at a time. */
    Intake intake();

    /** How typed gene IDs (controls, control sets, custom gene sets) are resolved against the site. */
    GeneResolution geneResolution();

    /** Strategy discovery ({@code POST /api/v1/strategy-discovery}): controls in, a strategy out. */
    Discovery discovery();

    /**
     * A discovery's limits. Its budget counts the calls it makes to the site through upstream-gateway
     * (a gene lookup, a record read, a catalogue or vocabulary search, a search's parameters, one
     * candidate's control counts): a hard stop, after which it returns the best it has.
     */
    interface Discovery {

        /** The budget of a discovery whose request gives none (default 300 site calls). */
        @WithDefault("300")
        int defaultBudget();

        /** The largest budget a request may ask for (default 2000 site calls; more is a 400 naming {@code budget}). */
        @WithDefault("2000")
        int maxBudget();

        /** Site calls of one discovery at once (default 3, the spec's concurrency toward the site). */
        @WithDefault("3")
        int siteConcurrency();

        /** The most candidate searches counted against the controls (default 40). */
        @WithDefault("40")
        int maxCandidates();

        /** The most positive (and, apart, negative) controls whose records the profile reads one by one (default 10 each). */
        @WithDefault("10")
        int profiledRecords();

        /** The fewest positive controls a discovery starts with, after resolution (default 3). */
        @WithDefault("3")
        int minPositives();
    }

    /**
     * Typed IDs are resolved through upstream-gateway's internal gene lookup, which takes at most
     * its {@code results.gene-lookup-max} IDs in one call (and looks them up on the site 1,000 at a
     * time). Longer lists are sent in calls of {@link #batchSize()} IDs, one after another, so no
     * list is ever refused or cut for its length.
     */
    interface GeneResolution {

        /**
         * The most IDs sent to upstream-gateway's gene lookup in one call (default 100,000; keep it
         * at most upstream-gateway's {@code strategylab.upstream.results.gene-lookup-max}, 200,000).
         */
        @WithDefault("100000")
        int batchSize();
    }

    /**
     * A gene-ID experiment's body holds up to {@code runs.max-target-genes} IDs, several MB once
     * parsed; fifty at once would hold the heap of a small pod. Requests past the limit wait, their
     * bodies unread (in the connection, not in memory), for a request ahead to finish.
     */
    interface Intake {

        /**
         * POSTs under {@code /api/v1/experiments}, {@code /api/v1/control-sets} and
         * {@code /api/v1/control-resolutions} (and the strategy discovery and gene-set POSTs: the bodies
         * with gene lists) read and handled at once by
         * one instance; default 4.
         */
        @WithDefault("4")
        int maxConcurrent();

        /**
         * Of those, how many one caller (the user a bearer token names, or one address without one) may have
         * read and handled at once; default 2. A caller's further requests wait behind their own, so
         * one user's slow uploads or long synchronous analyses do not make other users wait or 503.
         */
        @WithDefault("2")
        int maxConcurrentPerCaller();

        /**
         * The longest a request waits for its turn before it is answered 503 with Retry-After; default
         * 120 s: as long as the site may take to answer one call (spec §8), so that a user's burst on a
         * slow site waits behind its first requests' site calls instead of being refused, and shorter
         * than the gateway's 150 s wait for a silent answer.
         */
        @WithDefault("PT120S")
        Duration maxWait();
    }

    /** Waits and limits of the analyses (spec §8). */
    interface Analyses {

        /** The longest one enrichment analysis may take upstream before its type carries a timeout error (spec §8: 300 s). */
        @WithDefault("PT300S")
        Duration enrichmentMaxWait();

        /**
         * The most IDs read from the site for custom enrichment (the result's genes and an organism's
         * genes as the background), the result-set overlap and a result saved as a gene set (a larger
         * result is refused there, not saved in part); default 50,000, upstream-gateway's ceiling.
         */
        @WithDefault("50000")
        int maxSiteIds();

        /** Sweep points evaluated at once (spec §8: 3). */
        @WithDefault("3")
        int sweepConcurrency();

        /** The longest one sweep point may take; after it the point carries an error (spec §8: 90 s). */
        @WithDefault("PT90S")
        Duration sweepPointTimeout();

        /** The longest a whole sweep may take; unfinished points are then cancelled (spec §8: 240 s). */
        @WithDefault("PT240S")
        Duration sweepTimeout();

        /**
         * Parameter-optimisation trials evaluated at once: each batch is proposed before any of
         * its trials is scored (PathFinder: 4).
         */
        @WithDefault("4")
        int optimizationConcurrency();
    }

    /** Limits of control sets. */
    interface ControlSets {

        /** The most IDs one list (positive or negative) of a control set may hold; default 100,000. */
        @WithDefault("100000")
        int maxIds();

        /** The most tags a control set may carry; default 50. */
        @WithDefault("50")
        int maxTags();
    }

    /** Limits and settings of experiment runs. */
    interface Runs {

        /** The most gene IDs of a gene-ID mode experiment ({@code targetGeneIds}); default 200,000. */
        @WithDefault("200000")
        int maxTargetGenes();

        /** Runs one instance works on at once; a further command waits (default 8). */
        @WithDefault("8")
        int maxConcurrent();

        /**
         * The most operations (experiment runs, batches, benchmarks, seeds and analyses) one user may
         * have running or queued at once; one more is refused with 429 and {@code Retry-After}
         * (default 30). Checked when the request arrives, so two requests at the same moment may
         * both pass at the cap's edge. While under it, a user's queued work waits its turn: free
         * slots go to the user with the least work running.
         */
        @WithDefault("30")
        int perUserMaxActive();

        /**
         * How many times in all an experiment run (or an analysis of one) is run when the worker
         * running it dies (its lease expires): the event log's reaper puts it back in the queue and
         * another worker runs it again from the start, until this many runs have died; then it ends
         * {@code error}. Default 2. Fed to {@code strategylab.event-log.restart.max-attempts}.
         */
        @WithDefault("2")
        int maxAttempts();

        /**
         * Whether the instance that accepts an experiment starts its run at once while it has a free
         * run slot (the run then need not wait for its command's trip through Kafka and the claim;
         * the command is written all the same and its consumer skips it). Off, or with every slot
         * taken, the run waits in {@code experiment.commands} for any instance's worker.
         */
        @WithDefault("true")
        boolean runWhereAccepted();

        /** Members of one batch or benchmark that run at once. */
        @WithDefault("3")
        int groupConcurrency();

        /** The most members (organisms or control sets) of one batch or benchmark. */
        @WithDefault("50")
        int maxGroupMembers();

        /** The most ordered result IDs read for rank metrics (spec §8: 5,000). */
        @WithDefault("5000")
        int maxOrderedIds();

        /** The most control genes whose name, organism and product are looked up upstream; the rest keep only their ID. */
        @WithDefault("5000")
        int maxGeneInfo();

        /** The most bootstrap iterations a caller may ask for (default 200 when not asked; spec §8). */
        @WithDefault("2000")
        int maxBootstrapIterations();

        /** How often unfinished experiments whose operation has ended are closed (a dead worker's runs). */
        @WithDefault("PT10S")
        Duration reconcileInterval();

        /** The longest a whole run may take before it ends in error. */
        @WithDefault("PT30M")
        Duration timeout();
    }
}
