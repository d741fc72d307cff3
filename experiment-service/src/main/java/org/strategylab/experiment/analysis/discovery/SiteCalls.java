package org.strategylab.experiment.analysis.discovery;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The site calls of one discovery: a budget that is a hard stop (a call past it is not made, and the
 * discovery says it stopped), and at most {@code concurrency} calls at once. Every call of a
 * discovery goes through here; the phases run one after another, and within a phase the calls fan
 * out through {@link #each} alone, so no more than {@code concurrency} are ever in flight.
 */
final class SiteCalls {

    private final int budget;
    private final int concurrency;
    private final AtomicInteger used = new AtomicInteger();
    private final AtomicBoolean exhausted = new AtomicBoolean();

    SiteCalls(int budget, int concurrency) {
        this.budget = budget;
        this.concurrency = Math.max(1, concurrency);
    }

    /** Takes one call from the budget; false (and the budget marked exhausted) when none is left. */
    boolean take() {
        while (true) {
            int now = used.get();
            if (now >= budget) {
                exhausted.set(true);
                return false;
            }
            if (used.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    /** Whether at least {@code calls} are left (nothing taken). */
    boolean left(int calls) {
        return budget - used.get() >= calls;
    }

    int used() {
        return used.get();
    }

    int budget() {
        return budget;
    }

    int concurrency() {
        return concurrency;
    }

    /** Whether a call was refused for want of budget. */
    boolean exhausted() {
        return exhausted.get();
    }

    /** One call when the budget allows it: empty when it does not. */
    <T> Uni<Optional<T>> call(Supplier<Uni<T>> call) {
        return Uni.createFrom().deferred(() -> take()
                ? Uni.createFrom().<T>deferred(call::get).map(Optional::ofNullable)
                : Uni.createFrom().item(Optional.<T>empty()));
    }

    /**
     * What one item's call came to: its answer, or its failure, or nothing when the budget was spent.
     */
    record Outcome<I, T>(int index, I item, T answer, Throwable failure, boolean skipped) {
    }

    /**
     * Each item's call, at most {@link #concurrency} at once, in the items' order; a call's failure is
     * its item's outcome (the others go on), and an item reached with no budget left is skipped.
     * {@code done} is told each outcome as it comes (for progress) and may chain work of its own.
     */
    <I, T> Uni<List<Outcome<I, T>>> each(List<I> items, Function<I, Uni<T>> call,
                                          BiFunction<Outcome<I, T>, Integer, Uni<Void>> done) {
        if (items.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        AtomicInteger finished = new AtomicInteger();
        return Multi.createFrom().range(0, items.size())
                .onItem().transformToUni(i -> {
                    I item = items.get(i);
                    if (!take()) {
                        return Uni.createFrom().item(new Outcome<I, T>(i, item, null, null, true));
                    }
                    return Uni.createFrom().deferred(() -> call.apply(item))
                            .map(answer -> new Outcome<I, T>(i, item, answer, null, false))
                            .onFailure().recoverWithItem(failure -> new Outcome<>(i, item, null, failure, false));
                })
                .merge(concurrency)
                .onItem().call(outcome -> done.apply(outcome, finished.incrementAndGet()))
                .collect().asList()
                .map(outcomes -> {
                    List<Outcome<I, T>> ordered = new ArrayList<>(outcomes);
                    ordered.sort(Comparator.comparingInt(Outcome::index));
                    return ordered;
                });
    }
}
