package org.strategylab.simulator.faults;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * Fault injection, settable per test (this API) and per run ({@link FaultPlan} from options or the
 * admin endpoint). Rules apply to requests whose path matches their pattern; count-based rules
 * ({@code failNext}) fire on the next N matches, rate-based ones with a seeded probability.
 * {@link #reset()} returns to the run's configured plan. Thread-safe.
 */
public final class FaultInjector {

    /** Report requests are where WDK answers 202 WDK-DELAYED-RESULT (process queries not ready yet). */
    public static final String REPORT_PATHS = "/reports/";
    static final long DEFAULT_HOLD_MS = 120_000;
    static final long DEFAULT_ANALYSIS_RUN_MS = 100;

    private enum Kind { LATENCY, ERROR, TIMEOUT, DELAYED_RESULT, ANSWER_LATE }

    /**
     * One fault rule.
     *
     * @param method the HTTP method a request must have, or {@code null} for any
     */
    private record Rule(Kind kind, String method, Pattern path, Latency latency, double rate, AtomicInteger remaining,
                        int status, long holdMs) {

        Rule(Kind kind, Pattern path, Latency latency, double rate, AtomicInteger remaining, int status, long holdMs) {
            this(kind, null, path, latency, rate, remaining, status, holdMs);
        }

        boolean matches(String requestMethod, String requestPath) {
            return (method == null || method.equalsIgnoreCase(requestMethod)) && path.matcher(requestPath).find();
        }

        Map<String, Object> describe() {
            Map<String, Object> d = new LinkedHashMap<>();
            d.put("kind", kind.name());
            if (method != null) {
                d.put("method", method);
            }
            d.put("path", path.pattern());
            if (latency != null) {
                d.put("latency", latency);
            }
            if (remaining != null) {
                d.put("remaining", remaining.get());
            } else if (kind != Kind.LATENCY) {
                d.put("rate", rate);
            }
            if (kind == Kind.ERROR) {
                d.put("status", status);
            }
            return d;
        }
    }

    private final FaultPlan baseline;
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final Map<Kind, AtomicLong> injected = new EnumMap<>(Kind.class);
    private volatile FaultPlan applied = FaultPlan.NONE;
    private volatile AnalysisFirstRun analysisFirstRun = AnalysisFirstRun.SUCCEEDS;
    private volatile long analysisRunTimeMs = DEFAULT_ANALYSIS_RUN_MS;
    private volatile long tokenTtlMs = -1;
    private volatile int analysisFailingRuns;
    private volatile int analysisIgnoredRuns;
    private volatile boolean analysisResultWithheld;
    private volatile boolean strategySizesUncomputed;
    private volatile int reportRecordsBeyondPage;
    private final Set<String> invalidatedSearches = ConcurrentHashMap.newKeySet();
    /** Answers held by answerLateNext, sent when their hold ends, the test releases them or the faults reset. */
    private final Set<Runnable> heldAnswers = ConcurrentHashMap.newKeySet();
    private volatile long expireIssuedBefore = Long.MIN_VALUE;
    private Random random = new Random(0);
    private final List<ConcurrencyWatch> watches = new CopyOnWriteArrayList<>();

    public FaultInjector(FaultPlan baseline) {
        this.baseline = baseline == null ? FaultPlan.NONE : baseline.validated();
        for (Kind kind : Kind.values()) {
            injected.put(kind, new AtomicLong());
        }
        apply(this.baseline);
    }

    // ------------------------------------------------------------------ per-test API

    /** Adds latency to every request. */
    public FaultInjector latency(Latency latency) {
        return latency(".*", latency);
    }

    /** Adds latency to requests whose path matches the regular expression. */
    public FaultInjector latency(String pathRegex, Latency latency) {
        rules.add(new Rule(Kind.LATENCY, Pattern.compile(pathRegex), latency.validated(), 1, null, 0, 0));
        return this;
    }

    /** Answers 500 {@code Internal Error} to this fraction of requests. */
    public FaultInjector errorRate(double rate) {
        return errorRate(".*", rate, 500);
    }

    /** Answers the 5xx status to this fraction of requests whose path matches. */
    public FaultInjector errorRate(String pathRegex, double rate, int status) {
        rules.add(new Rule(Kind.ERROR, Pattern.compile(pathRegex), null, checkRate(rate), null, checkStatus(status), 0));
        return this;
    }

    /** Answers the 5xx status to the next {@code count} requests. */
    public FaultInjector failNext(int count, int status) {
        return failNext(".*", count, status);
    }

    /** Answers the 5xx status to the next {@code count} requests whose path matches. */
    public FaultInjector failNext(String pathRegex, int count, int status) {
        rules.add(new Rule(Kind.ERROR, Pattern.compile(pathRegex), null, 1, new AtomicInteger(count), checkStatus(status), 0));
        return this;
    }

    /**
     * Answers a 4xx status (text/plain, as WDK's Jersey does for a 404 or 400) to the next
     * {@code count} requests whose path matches: a catalogue path the site suddenly does not know.
     */
    public FaultInjector refuseNext(String pathRegex, int count, int status) {
        return refuseNext(null, pathRegex, count, status);
    }

    /**
     * Answers a 4xx status to the next {@code count} requests of this HTTP method whose path
     * matches ({@code null} method: any): e.g. the read-back {@code GET} of a step just created
     * answering 404, while a later {@code DELETE} of the same path is carried out.
     */
    public FaultInjector refuseNext(String method, String pathRegex, int count, int status) {
        if (status < 400 || status > 499) {
            throw new IllegalArgumentException("status must be 4xx");
        }
        rules.add(new Rule(Kind.ERROR, method, Pattern.compile(pathRegex), null, 1, new AtomicInteger(count), status, 0));
        return this;
    }

    /** Never answers this fraction of requests (the connection is closed after two minutes). */
    public FaultInjector timeoutRate(double rate) {
        rules.add(new Rule(Kind.TIMEOUT, Pattern.compile(".*"), null, checkRate(rate), null, 0, DEFAULT_HOLD_MS));
        return this;
    }

    /** Never answers the next {@code count} requests whose path matches; the connection is closed after {@code hold}. */
    public FaultInjector timeoutNext(String pathRegex, int count, Duration hold) {
        rules.add(new Rule(Kind.TIMEOUT, Pattern.compile(pathRegex), null, 1, new AtomicInteger(count), 0, hold.toMillis()));
        return this;
    }

    /**
     * The next {@code count} requests whose path matches are carried out (a step or strategy is created),
     * but their answer is held back for {@code hold}, or until the client gives up and closes the
     * connection: what a client sees when WDK did the work and the answer was lost to its deadline.
     */
    public FaultInjector answerLateNext(String pathRegex, int count, Duration hold) {
        rules.add(new Rule(Kind.ANSWER_LATE, Pattern.compile(pathRegex), null, 1, new AtomicInteger(count), 0, hold.toMillis()));
        return this;
    }

    /** The next {@code count} report requests answer 202 {@code {"status":"accepted","message":"WDK-DELAYED-RESULT"}}. */
    public FaultInjector delayedResultNext(int count) {
        rules.add(new Rule(Kind.DELAYED_RESULT, Pattern.compile(REPORT_PATHS), null, 1, new AtomicInteger(count), 0, 0));
        return this;
    }

    /** This fraction of report requests answers 202 {@code WDK-DELAYED-RESULT}. */
    public FaultInjector delayedResultRate(double rate) {
        rules.add(new Rule(Kind.DELAYED_RESULT, Pattern.compile(REPORT_PATHS), null, checkRate(rate), null, 0, 0));
        return this;
    }

    /** Whether analysis instances error on their first run. */
    public FaultInjector analysisFirstRun(AnalysisFirstRun mode) {
        this.analysisFirstRun = mode;
        return this;
    }

    /**
     * The first {@code runs} runs of every analysis instance end in ERROR (0: none). With more failing runs
     * than the client's re-runs, the client runs out of re-runs. Applies on top of {@link #analysisFirstRun}.
     */
    public FaultInjector analysisFailingRuns(int runs) {
        this.analysisFailingRuns = Math.max(0, runs);
        return this;
    }

    /**
     * The first {@code runs} run requests of every analysis instance are answered (202) but not carried out:
     * the instance stays {@code CREATED}, as when WDK has not registered a run yet.
     */
    public FaultInjector analysisIgnoredRuns(int runs) {
        this.analysisIgnoredRuns = Math.max(0, runs);
        return this;
    }

    /** Whether a COMPLETE analysis keeps answering 204 (no result) to result requests. */
    public FaultInjector analysisResultWithheld(boolean withheld) {
        this.analysisResultWithheld = withheld;
        return this;
    }

    /**
     * Standard reports answer up to {@code records} more records than their pagination's
     * {@code numRecords} asks for (0: as asked), as a replayed site did: a client must hold its own
     * maximum.
     */
    public FaultInjector reportRecordsBeyondPage(int records) {
        this.reportRecordsBeyondPage = Math.max(0, records);
        return this;
    }

    /** How many records beyond their page standard reports answer. */
    public int reportRecordsBeyondPage() {
        return reportRecordsBeyondPage;
    }

    /** Whether strategies report {@code estimatedSize: -1}, WDK's "not computed" (their steps keep their sizes). */
    public FaultInjector strategySizesUncomputed(boolean uncomputed) {
        this.strategySizesUncomputed = uncomputed;
        return this;
    }

    /**
     * Steps of this search (url segment) report {@code validation.isValid: false} with a general error, and
     * strategies holding one {@code isValid: false}, as after a site release changed the search.
     */
    public FaultInjector invalidateSearch(String searchName) {
        invalidatedSearches.add(searchName);
        return this;
    }

    /** How long an analysis run takes (status RUNNING, result 204) before it completes. */
    public FaultInjector analysisRunTime(Duration duration) {
        this.analysisRunTimeMs = duration.toMillis();
        return this;
    }

    /** Every token issued so far is expired: its next request is answered as a new guest's. */
    public FaultInjector expireTokensNow() {
        this.expireIssuedBefore = System.currentTimeMillis() + 1;
        return this;
    }

    /** Tokens older than this expire. */
    public FaultInjector tokenTtl(Duration ttl) {
        this.tokenTtlMs = ttl.toMillis();
        return this;
    }

    /**
     * Starts counting how many requests on paths matching {@code pathRegex} are under way at once
     * (not a fault: requests are unchanged). Watches end at {@link #reset()}.
     */
    public ConcurrencyWatch watchConcurrency(String pathRegex) {
        ConcurrencyWatch watch = new ConcurrencyWatch(pathRegex);
        watches.add(watch);
        return watch;
    }

    /** Back to the run's configured faults (none, unless configured), with injection counters cleared and watches ended. */
    public FaultInjector reset() {
        apply(baseline);
        injected.values().forEach(c -> c.set(0));
        watches.clear();
        return this;
    }

    /** Replaces every rule and setting by those of the plan. */
    public synchronized FaultInjector apply(FaultPlan plan) {
        FaultPlan p = plan.validated();
        rules.clear();
        random = new Random(p.seed() == null ? 0 : p.seed());
        String path = p.path() == null ? ".*" : p.path();
        int status = p.errorStatus() == null ? 500 : p.errorStatus();
        long hold = p.timeoutHoldMs() == null ? DEFAULT_HOLD_MS : p.timeoutHoldMs();
        if (p.latency() != null) {
            latency(path, p.latency());
        }
        if (p.failNext() != null && p.failNext() > 0) {
            failNext(path, p.failNext(), status);
        }
        if (p.refuseNext() != null && p.refuseNext() > 0) {
            refuseNext(p.method(), path, p.refuseNext(), p.refuseStatus() == null ? 404 : p.refuseStatus());
        }
        if (p.timeoutNext() != null && p.timeoutNext() > 0) {
            timeoutNext(path, p.timeoutNext(), Duration.ofMillis(hold));
        }
        if (p.delayedResultNext() != null && p.delayedResultNext() > 0) {
            delayedResultNext(p.delayedResultNext());
        }
        if (p.errorRate() != null && p.errorRate() > 0) {
            errorRate(path, p.errorRate(), status);
        }
        if (p.timeoutRate() != null && p.timeoutRate() > 0) {
            rules.add(new Rule(Kind.TIMEOUT, Pattern.compile(path), null, p.timeoutRate(), null, 0, hold));
        }
        if (p.delayedResultRate() != null && p.delayedResultRate() > 0) {
            delayedResultRate(p.delayedResultRate());
        }
        analysisFirstRun = p.analysisFirstRun() == null ? AnalysisFirstRun.SUCCEEDS : p.analysisFirstRun();
        analysisRunTimeMs = p.analysisRunTimeMs() == null ? DEFAULT_ANALYSIS_RUN_MS : p.analysisRunTimeMs();
        tokenTtlMs = p.tokenTtlSeconds() == null ? -1 : p.tokenTtlSeconds() * 1000;
        analysisFailingRuns = 0;
        analysisIgnoredRuns = 0;
        analysisResultWithheld = false;
        strategySizesUncomputed = false;
        reportRecordsBeyondPage = 0;
        invalidatedSearches.clear();
        releaseHeldAnswers();
        expireIssuedBefore = Long.MIN_VALUE;
        applied = p;
        return this;
    }

    // ------------------------------------------------------------------ used by the server

    /** The watches counting requests on this path. */
    List<ConcurrencyWatch> watchesOf(String path) {
        if (watches.isEmpty()) {
            return List.of();
        }
        return watches.stream().filter(watch -> watch.matches(path)).toList();
    }

    /** Decides what happens to a request of any method (rules scoped to a method do not apply). */
    public FaultDecision decide(String path) {
        return decide(null, path);
    }

    /** Decides what happens to a request. */
    public FaultDecision decide(String method, String path) {
        if (rules.isEmpty()) {
            return FaultDecision.PROCEED;
        }
        long delay = 0;
        for (Rule rule : rules) {
            if (rule.kind() == Kind.LATENCY && rule.matches(method, path)) {
                delay = sample(rule.latency());
                injected.get(Kind.LATENCY).incrementAndGet();
                break;
            }
        }
        for (Rule rule : rules) {
            if (rule.kind() == Kind.LATENCY || !rule.matches(method, path) || !fires(rule)) {
                continue;
            }
            injected.get(rule.kind()).incrementAndGet();
            return switch (rule.kind()) {
                case ERROR -> new FaultDecision(delay, FaultDecision.Action.ERROR, rule.status(), 0);
                case TIMEOUT -> new FaultDecision(delay, FaultDecision.Action.TIMEOUT, 0, rule.holdMs());
                case ANSWER_LATE -> new FaultDecision(delay, FaultDecision.Action.ANSWER_LATE, 0, rule.holdMs());
                default -> new FaultDecision(delay, FaultDecision.Action.DELAYED_RESULT, 202, 0);
            };
        }
        return delay == 0 ? FaultDecision.PROCEED : new FaultDecision(delay, FaultDecision.Action.PROCEED, 0, 0);
    }

    private synchronized long sample(Latency latency) {
        return Math.max(0, latency.sample(random));
    }

    private boolean fires(Rule rule) {
        if (rule.remaining() != null) {
            return rule.remaining().getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0;
        }
        synchronized (this) {
            return random.nextDouble() < rule.rate();
        }
    }

    public AnalysisFirstRun analysisFirstRun() {
        return analysisFirstRun;
    }

    public long analysisRunTimeMs() {
        return analysisRunTimeMs;
    }

    /** How many runs of an instance end in ERROR before runs succeed. */
    public int analysisFailingRuns() {
        return analysisFailingRuns;
    }

    /** How many run requests of an instance are ignored (it stays CREATED). */
    public int analysisIgnoredRuns() {
        return analysisIgnoredRuns;
    }

    /** Whether strategies report estimatedSize -1. */
    public boolean strategySizesUncomputed() {
        return strategySizesUncomputed;
    }

    /** Whether steps of this search report themselves invalid. */
    public boolean searchInvalidated(String searchName) {
        return invalidatedSearches.contains(searchName);
    }

    /** Whether COMPLETE analyses answer 204 to result requests. */
    public boolean analysisResultWithheld() {
        return analysisResultWithheld;
    }

    /** Keeps an answer back until {@link #releaseHeldAnswers()} (or its own timer) sends it. */
    public void hold(Runnable answer) {
        heldAnswers.add(answer);
    }

    /** Forgets an answer that was sent or whose connection closed. */
    public void unhold(Runnable answer) {
        heldAnswers.remove(answer);
    }

    /** Sends every held answer now. */
    public void releaseHeldAnswers() {
        List<Runnable> held = new ArrayList<>(heldAnswers);
        heldAnswers.clear();
        held.forEach(Runnable::run);
    }

    /** Whether a token issued at this time has expired now. */
    public boolean tokenExpired(long issuedAtMillis, long nowMillis) {
        return issuedAtMillis < expireIssuedBefore || (tokenTtlMs >= 0 && nowMillis - issuedAtMillis > tokenTtlMs);
    }

    /** The current settings, rules and injection counts (the admin endpoint's view). */
    public Map<String, Object> describe() {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("plan", applied);
        List<Object> ruleViews = new ArrayList<>();
        rules.forEach(r -> ruleViews.add(r.describe()));
        view.put("rules", ruleViews);
        view.put("analysisFirstRun", analysisFirstRun);
        view.put("analysisRunTimeMs", analysisRunTimeMs);
        view.put("analysisFailingRuns", analysisFailingRuns);
        view.put("analysisIgnoredRuns", analysisIgnoredRuns);
        view.put("analysisResultWithheld", analysisResultWithheld);
        view.put("tokenTtlSeconds", tokenTtlMs < 0 ? null : tokenTtlMs / 1000);
        Map<String, Long> counts = new LinkedHashMap<>();
        injected.forEach((k, v) -> counts.put(k.name(), v.get()));
        view.put("injected", counts);
        return view;
    }

    /** How many requests got each kind of fault since the last reset ({@code ERROR}, {@code TIMEOUT}, ...). */
    public long injectedCount(String kind) {
        return injected.get(Kind.valueOf(kind)).get();
    }

    private static double checkRate(double rate) {
        if (rate < 0 || rate > 1) {
            throw new IllegalArgumentException("rate must be between 0 and 1");
        }
        return rate;
    }

    private static int checkStatus(int status) {
        if (status < 500 || status > 599) {
            throw new IllegalArgumentException("status must be 5xx");
        }
        return status;
    }
}
