package org.strategylab.evaluation.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.util.Arrays;

/**
 * The CPU time of one call of an {@link EvaluationBenchmarks} method, for a machine that is not idle:
 * JMH reports wall time, which on a shared machine includes the time the thread waits for a core;
 * the thread's own CPU time ({@link ThreadMXBean#getCurrentThreadCpuTime}) does not. Runs the
 * workload's set-up, then {@code rounds} rounds of {@code calls} calls (the first third of the
 * rounds as warm-up) and prints the median, minimum and maximum of the measured rounds per call.
 *
 * <pre>java -cp … org.strategylab.evaluation.bench.CpuTimePerCall crossValidation5Folds [rounds] [calls]</pre>
 */
public final class CpuTimePerCall {
    private CpuTimePerCall() {
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int calls = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        EvaluationBenchmarks state = new EvaluationBenchmarks();
        state.setUp();
        Method method = EvaluationBenchmarks.class.getMethod(name);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int warmUp = rounds / 3;
        double[] perCall = new double[rounds - warmUp];
        Object sink = null;
        for (int r = 0; r < rounds; r++) {
            long start = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < calls; i++) {
                sink = method.invoke(state);
            }
            long cpu = threads.getCurrentThreadCpuTime() - start;
            if (r >= warmUp) {
                perCall[r - warmUp] = cpu / 1e3 / calls;
            }
        }
        Arrays.sort(perCall);
        System.out.printf("%s: CPU µs per call, median %.1f, min %.1f, max %.1f (%d rounds × %d calls)%s%n", name,
                perCall[perCall.length / 2], perCall[0], perCall[perCall.length - 1], perCall.length, calls,
                sink == null ? "" : "");
    }
}
