package org.strategylab.chat.provider.mock;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A request whose conditions the user grouped with parentheses, "(A and B) or (C but not D)": a
 * delegation plan that mirrors the grouping, one task per condition, so the {@code mock} builds a
 * four-task strategy by delegation (independent tasks at once; the benchmark of delegation uses it).
 * Inside a group the connectors are those of one request ("and", "or", "but not", …).
 *
 * @param plan  the delegation plan
 * @param tasks how many tasks it has
 * @param shape the grouping as the answer names it: "(A INTERSECT B) UNION (C MINUS D)"
 */
record MockGroupedPlan(ObjectNode plan, int tasks, String shape) {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern GROUPS = Pattern.compile("^\\s*\\(([^()]+)\\)\\s+(and|or|but not|excluding|except|"
            + "without|minus)\\s+\\(([^()]+)\\)\\s*(.*)$", Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    private static final Map<String, String> OPERATORS = Map.of("and", "INTERSECT", "or", "UNION", "but not", "MINUS",
            "excluding", "MINUS", "except", "MINUS", "without", "MINUS", "minus", "MINUS");

    /**
     * The plan of a grouped request, if {@code asked} is one.
     *
     * @param asked   the request without its save clause
     * @param request the whole request (its organism words reach every task)
     */
    static Optional<MockGroupedPlan> of(String asked, String request) {
        Matcher m = GROUPS.matcher(asked.trim().replaceAll("[.?!]+$", ""));
        if (!m.matches()) {
            return Optional.empty();
        }
        String operator = OPERATORS.get(m.group(2).toLowerCase(java.util.Locale.ROOT));
        // words after the last group ("… in falciparum") belong to every task
        String tail = m.group(4).trim();
        ObjectNode plan = MAPPER.createObjectNode().put("type", "combine").put("operator", operator);
        StringBuilder shape = new StringBuilder();
        int left = group(plan.putObject("left"), m.group(1), tail, request, shape);
        shape.append(' ').append(operator).append(' ');
        int right = group(plan.putObject("right"), m.group(3), tail, request, shape);
        return Optional.of(new MockGroupedPlan(plan, left + right, shape.toString()));
    }

    /** A group as a plan node: one task, or a combine of its two conditions. */
    private static int group(ObjectNode node, String text, String tail, String request, StringBuilder shape) {
        List<MockConditions.Condition> conditions = MockConditions.conditions(text);
        if (conditions.size() == 1) {
            node.put("type", "task").put("task", task(conditions.get(0).text(), tail, request));
            shape.append(conditions.get(0).text());
            return 1;
        }
        node.put("type", "combine").put("operator", conditions.get(1).operator());
        node.putObject("left").put("type", "task").put("task", task(conditions.get(0).text(), tail, request));
        node.putObject("right").put("type", "task").put("task", task(conditions.get(1).text(), tail, request));
        shape.append('(').append(conditions.get(0).text()).append(' ').append(conditions.get(1).operator()).append(' ')
                .append(conditions.get(1).text()).append(')');
        return 2;
    }

    private static String task(String condition, String tail, String request) {
        return MockConditions.withOrganism(tail.isEmpty() ? condition : condition + " " + tail, request);
    }
}
