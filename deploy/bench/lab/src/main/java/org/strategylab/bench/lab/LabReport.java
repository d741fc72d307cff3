package org.strategylab.bench.lab;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * The bench's summary: per operation kind, per user, the fairness ratios, the answers the users got
 * and each service's memory. Times are seconds from the POST to the terminal event (as seen by the
 * bench); time in queue is from the operation's creation to its claim by a worker (the operations
 * index, the database's clock).
 */
final class LabReport {

    private static final List<String> KINDS = List.of("chat", "experiment", "sweep");

    private final LabOptions options;
    private final List<Operation> operations;
    private final Map<Integer, LongAdder> answers;
    private final Map<String, Long> idleKib;
    private final Map<String, Long> sampledPeakKib;
    private final Map<String, Long> hwmKib;
    private final double wallSeconds;

    LabReport(LabOptions options, List<Operation> operations, Map<Integer, LongAdder> answers,
              Map<String, Long> idleKib, Map<String, Long> sampledPeakKib, Map<String, Long> hwmKib,
              double wallSeconds) {
        this.options = options;
        this.operations = operations;
        this.answers = answers;
        this.idleKib = idleKib;
        this.sampledPeakKib = sampledPeakKib;
        this.hwmKib = hwmKib;
        this.wallSeconds = wallSeconds;
    }

    /** Prints the summary; true when every operation completed and no answer was a 429 or a 5xx. */
    boolean print() {
        say("");
        say("==== lab: %d users, %d chat turn(s), %d experiment(s) and %s each; %d ms per site call; %d replicas; "
                        + "all done in %.1f s ====", options.users(), options.turns(), options.experiments(),
                options.sweepSteps() == 0 ? "no sweep" : "a " + options.sweepSteps() + "-point sweep",
                options.latencyMs(), options.replicas(), wallSeconds);
        say("");
        say("%-11s %5s %9s %6s | %-29s | %-29s | %s", "kind", "ops", "completed", "failed",
                "submit -> end (s) median/p95/max", "time in queue (s) median/p95/max", "POST -> 202 (s) median/max");
        for (String kind : KINDS) {
            row(kind, operations.stream().filter(o -> o.kind().equals(kind)).toList());
        }
        row("all", operations);

        say("");
        say("per user (submit -> end, s; every operation of the user):");
        say("%-6s %4s %9s %8s %8s %8s | %s", "user", "ops", "completed", "median", "p95", "max", "median by kind (chat / experiment / sweep)");
        Map<Integer, List<Operation>> byUser = operations.stream()
                .collect(Collectors.groupingBy(Operation::user, TreeMap::new, Collectors.toList()));
        for (Map.Entry<Integer, List<Operation>> user : byUser.entrySet()) {
            List<Double> times = ended(user.getValue());
            List<String> kinds = new ArrayList<>();
            for (String kind : KINDS) {
                List<Double> ofKind = ended(user.getValue().stream().filter(o -> o.kind().equals(kind)).toList());
                kinds.add(ofKind.isEmpty() ? "-" : String.format("%.1f", percentile(ofKind, 0.5)));
            }
            say("%-6d %4d %9d %8.1f %8.1f %8.1f | %s", user.getKey() + 1, user.getValue().size(),
                    user.getValue().stream().filter(Operation::ok).count(), percentile(times, 0.5),
                    percentile(times, 0.95), percentile(times, 1), String.join(" / ", kinds));
        }

        say("");
        Fairness all = fairness(byUser, null);
        say("fairness (slowest user's median / fastest user's median, goal <= 1.5): all operations %s", all);
        for (String kind : KINDS) {
            say("  %-10s %s", kind, fairness(byUser, kind));
        }

        say("");
        Map<Integer, Long> byStatus = new TreeMap<>();
        answers.forEach((status, count) -> byStatus.put(status, count.sum()));
        long refusals = byStatus.entrySet().stream().filter(e -> e.getKey() == 429 || e.getKey() >= 500)
                .mapToLong(Map.Entry::getValue).sum();
        say("answers to the users' POSTs (busy answers that were waited out and sent again included): %s", byStatus);

        List<Operation> failed = operations.stream().filter(o -> !o.ok()).toList();
        say("failed operations: %d", failed.size());
        failed.stream().limit(20).forEach(o -> say("  user %d %s %s: %s", o.user() + 1, o.kind(), o.operationId(), o.outcome()));

        say("");
        say("%-20s %12s %16s %14s", "service", "RSS idle MiB", "RSS peak MiB (sampled)", "VmHWM MiB");
        for (String service : hwmKib.keySet()) {
            say("%-20s %12d %16d %14d", service, idleKib.getOrDefault(service, -1L) / 1024,
                    sampledPeakKib.getOrDefault(service, -1L) / 1024, hwmKib.get(service) / 1024);
        }
        boolean goal = failed.isEmpty() && refusals == 0;
        say("");
        say("completions %d of %d, failures %d (goal 0), 429/5xx answers %d (goal 0), fairness %s",
                operations.size() - failed.size(), operations.size(), failed.size(), refusals, all);
        return goal;
    }

    private void row(String kind, List<Operation> ofKind) {
        if (ofKind.isEmpty()) {
            return;
        }
        List<Double> times = ended(ofKind);
        List<Double> queued = values(ofKind.stream().filter(o -> o.queueMillis() >= 0).toList(), o -> o.queueMillis() / 1000);
        List<Double> accepted = values(ofKind.stream().filter(o -> o.acceptNanos() > 0).toList(), Operation::acceptSeconds);
        long completed = ofKind.stream().filter(Operation::ok).count();
        say("%-11s %5d %9d %6d | %9.1f %9.1f %9.1f | %9.1f %9.1f %9.1f | %9.1f %9.1f", kind, ofKind.size(), completed,
                ofKind.size() - completed, percentile(times, 0.5), percentile(times, 0.95), percentile(times, 1),
                percentile(queued, 0.5), percentile(queued, 0.95), percentile(queued, 1), percentile(accepted, 0.5),
                percentile(accepted, 1));
    }

    /** The slowest user's median over the fastest user's (of one kind, or of everything when kind is null). */
    private static Fairness fairness(Map<Integer, List<Operation>> byUser, String kind) {
        Map<Integer, Double> medians = new LinkedHashMap<>();
        byUser.forEach((user, ops) -> {
            List<Double> times = ended(kind == null ? ops : ops.stream().filter(o -> o.kind().equals(kind)).toList());
            if (!times.isEmpty()) {
                medians.put(user, percentile(times, 0.5));
            }
        });
        if (medians.isEmpty()) {
            return new Fairness(Double.NaN, -1, Double.NaN, -1, Double.NaN);
        }
        var slowest = medians.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        var fastest = medians.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow();
        return new Fairness(slowest.getValue() / fastest.getValue(), slowest.getKey() + 1, slowest.getValue(),
                fastest.getKey() + 1, fastest.getValue());
    }

    private record Fairness(double ratio, int slowestUser, double slowest, int fastestUser, double fastest) {
        @Override
        public String toString() {
            return String.format("%.2f (user %d: %.1f s / user %d: %.1f s)", ratio, slowestUser, slowest, fastestUser, fastest);
        }
    }

    /** Submit-to-end seconds of the operations that ended (completed or not), sorted. */
    private static List<Double> ended(List<Operation> ops) {
        return values(ops.stream().filter(o -> o.endNanos() > 0).toList(), Operation::totalSeconds);
    }

    private static List<Double> values(List<Operation> ops, ToDoubleFunction<Operation> value) {
        return ops.stream().mapToDouble(value).sorted().boxed().toList();
    }

    /** The median (0.5: the mean of the middle two of an even count) or else the nearest-rank percentile of sorted values (NaN when there are none). */
    static double percentile(List<Double> sorted, double p) {
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        int n = sorted.size();
        if (p == 0.5) {
            return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        }
        int rank = (int) Math.ceil(p * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    private static void say(String format, Object... args) {
        LabStack.say(args.length == 0 ? format : String.format(format, args));
    }
}
