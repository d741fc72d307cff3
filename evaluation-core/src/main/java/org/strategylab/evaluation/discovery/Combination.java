package org.strategylab.evaluation.discovery;

import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A strategy discovery considers: one candidate step, or two combinations joined by a boolean
 * operator. The search builds them as WDK strategies are built, each join adding one step to what
 * is there ({@code ((A INTERSECT B) MINUS C)}).
 */
public sealed interface Combination permits Combination.Leaf, Combination.Join {

    /** The indices of the candidate steps it uses. */
    SortedSet<Integer> steps();

    /** How many steps it uses. */
    default int size() {
        return steps().size();
    }

    /**
     * The controls it returns.
     *
     * @param candidates the candidate steps its leaves index
     * @return its hits among the controls
     */
    ControlHits hits(List<CandidateStep> candidates);

    /**
     * The combination without one of its steps, or empty when nothing meaningful is left (the left
     * operand of a {@code MINUS} gone): what a step contributes is measured against it.
     *
     * @param step the index of the step to leave out
     * @return the rest
     */
    Optional<Combination> without(int step);

    /**
     * The combination in words, each step by its label.
     *
     * @param candidates the candidate steps its leaves index
     * @return e.g. {@code (kinases INTERSECT secreted) MINUS ribosomal}
     */
    String describe(List<CandidateStep> candidates);

    /**
     * A text that is the same for combinations that are the same up to the order of a commutative
     * join's operands, so the search considers each only once.
     */
    String canonical();

    /**
     * One candidate step.
     *
     * @param step the step's index in the candidates
     */
    record Leaf(int step) implements Combination {

        @Override
        public SortedSet<Integer> steps() {
            return new TreeSet<>(List.of(step));
        }

        @Override
        public ControlHits hits(List<CandidateStep> candidates) {
            return candidates.get(step).hits();
        }

        @Override
        public Optional<Combination> without(int other) {
            return other == step ? Optional.empty() : Optional.of(this);
        }

        @Override
        public String describe(List<CandidateStep> candidates) {
            return candidates.get(step).label();
        }

        @Override
        public String canonical() {
            return "#" + step;
        }
    }

    /**
     * Two combinations joined.
     *
     * @param operator the operator
     * @param left     the left operand
     * @param right    the right operand
     */
    record Join(BooleanOperator operator, Combination left, Combination right) implements Combination {

        @Override
        public SortedSet<Integer> steps() {
            SortedSet<Integer> steps = left.steps();
            steps.addAll(right.steps());
            return steps;
        }

        @Override
        public ControlHits hits(List<CandidateStep> candidates) {
            return left.hits(candidates).combine(operator, right.hits(candidates));
        }

        @Override
        public Optional<Combination> without(int step) {
            Optional<Combination> rest = left.without(step);
            Optional<Combination> other = right.without(step);
            if (rest.isPresent() && other.isPresent()) {
                return Optional.of(new Join(operator, rest.get(), other.get()));
            }
            // without its left operand a MINUS returns nothing; any other join is what remains of it
            if (rest.isEmpty() && operator == BooleanOperator.MINUS) {
                return Optional.empty();
            }
            return rest.or(() -> other);
        }

        @Override
        public String describe(List<CandidateStep> candidates) {
            return wrap(left, candidates) + " " + operator + " " + wrap(right, candidates);
        }

        @Override
        public String canonical() {
            String first = left.canonical();
            String second = right.canonical();
            if (operator.commutative() && first.compareTo(second) > 0) {
                String swap = first;
                first = second;
                second = swap;
            }
            return "(" + first + " " + operator + " " + second + ")";
        }

        private static String wrap(Combination part, List<CandidateStep> candidates) {
            return part instanceof Join ? "(" + part.describe(candidates) + ")" : part.describe(candidates);
        }
    }
}
