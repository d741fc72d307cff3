import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The delegation benchmark of issue 15: a four-task delegation ("(A and B) or (C but not D)", one
 * sub-agent per condition) with the simulator answering every upstream call after a fixed delay and
 * the model taking a fixed time per call, against the task tree's critical path. Run it against
 * {@code deploy/local/run} started with the model delay and the parallelism to measure (see
 * README.md). JDK only: {@code java deploy/bench/chat/DelegationBench.java}.
 *
 * <p>Measured at the client from the turn's event stream: the delegation's wall time (its
 * {@code tool_call_start} to {@code tool_call_end}), each task's time ({@code subagent_task_start}
 * to {@code subagent_task_end}), and the critical path: the longest task plus what the delegation
 * did after its last task ended (the combines on the last task's path). Ratio = wall / critical path.
 */
public class DelegationBench {

    static final Pattern TOKEN = Pattern.compile("\"token\":\"([^\"]+)\"");
    static final Pattern TASK = Pattern.compile("\"task\":\"((?:[^\"\\\\]|\\\\.)*)\"");
    static final Pattern NAME = Pattern.compile("\"name\":\"([a-z_]+)\"");
    static final Pattern STATUS = Pattern.compile("\"status\":\"([a-z_]+)\"");
    static final String MESSAGE = "(kinases and signal peptides) or (membrane proteins but not molecular weight) in falciparum";

    record Run(long wall, long critical, long longestTask, long sumOfTasks, int tasks, String statuses) {
    }

    public static void main(String[] args) throws Exception {
        String base = option(args, "--base", "http://localhost:8080");
        String simulator = option(args, "--simulator", "http://localhost:18090");
        int latency = Integer.parseInt(option(args, "--upstream-ms", "200"));
        int runs = Integer.parseInt(option(args, "--runs", "5"));
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        put(http, simulator + "/__simulator/faults", "{\"latency\":{\"distribution\":\"fixed\",\"fixedMs\":" + latency + "}}");
        try {
            String token = signIn(http, base, "delegation-bench");
            turn(http, base, token); // warm-up
            List<Run> results = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                Run run = turn(http, base, token);
                results.add(run);
                System.out.printf("run %d: %d tasks (%s), delegation %.0f ms, critical path %.0f ms (longest task %.0f ms),"
                                + " tasks one after another %.0f ms, ratio %.3f%n", i + 1, run.tasks(), run.statuses(),
                        ms(run.wall()), ms(run.critical()), ms(run.longestTask()), ms(run.sumOfTasks()),
                        (double) run.wall() / run.critical());
            }
            List<Double> ratios = new ArrayList<>(results.stream().map(r -> (double) r.wall() / r.critical()).toList());
            Collections.sort(ratios);
            System.out.printf("median ratio of %d runs: %.3f (min %.3f, max %.3f); upstream %d ms per call%n", runs,
                    ratios.get(ratios.size() / 2), ratios.get(0), ratios.get(ratios.size() - 1), latency);
        } finally {
            post(http, simulator + "/__simulator/faults/reset");
        }
    }

    static Run turn(HttpClient http, String base, String token) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/api/v1/chat"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .header("Accept", "text/event-stream").timeout(Duration.ofSeconds(600))
                .POST(HttpRequest.BodyPublishers.ofString("{\"siteId\":\"plasmodb\",\"provider\":\"mock\",\"message\":\""
                        + MESSAGE + "\"}")).build();
        HttpResponse<java.io.InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() != 200) {
            throw new IOException("POST /api/v1/chat answered " + response.statusCode());
        }
        long toolStart = -1;
        long toolEnd = -1;
        Map<String, Long> taskStarts = new HashMap<>();
        Map<String, Long> taskTimes = new HashMap<>();
        long lastTaskEnd = -1;
        List<String> statuses = new ArrayList<>();
        String event = null;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                long now = System.nanoTime();
                if (line.startsWith("event: ")) {
                    event = line.substring(7);
                    continue;
                }
                if (!line.startsWith("data: ") || event == null) {
                    continue;
                }
                switch (event) {
                    case "tool_call_start" -> {
                        if (line.contains("\"delegate_strategy_subtasks\"")) {
                            toolStart = now;
                        }
                    }
                    case "tool_call_end" -> {
                        Matcher name = NAME.matcher(line);
                        if (name.find() && name.group(1).equals("delegate_strategy_subtasks")) {
                            toolEnd = now;
                        }
                    }
                    case "subagent_task_start" -> taskStarts.put(task(line), now);
                    case "subagent_task_end" -> {
                        String task = task(line);
                        taskTimes.put(task, now - taskStarts.getOrDefault(task, now));
                        lastTaskEnd = now;
                        Matcher status = STATUS.matcher(line);
                        statuses.add(status.find() ? status.group(1) : "?");
                    }
                    case "message_end" -> {
                        if (toolStart < 0 || toolEnd < 0 || taskTimes.isEmpty()) {
                            throw new IOException("the turn did not delegate: " + line);
                        }
                        long longest = Collections.max(taskTimes.values());
                        long sum = taskTimes.values().stream().mapToLong(Long::longValue).sum();
                        long critical = longest + (toolEnd - lastTaskEnd);
                        return new Run(toolEnd - toolStart, critical, longest, sum, taskTimes.size(),
                                String.join(",", statuses));
                    }
                    default -> {
                    }
                }
            }
        }
        throw new IOException("the stream ended without message_end");
    }

    static String task(String line) {
        Matcher m = TASK.matcher(line);
        return m.find() ? m.group(1) : "?";
    }

    static String signIn(HttpClient http, String base, String user) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(base + "/api/v1/auth/local/sign-in"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"userId\":\"" + user + "\"}")).build(),
                HttpResponse.BodyHandlers.ofString());
        Matcher m = TOKEN.matcher(response.body());
        if (!m.find()) {
            throw new IOException("sign-in failed: " + response.body());
        }
        return m.group(1);
    }

    static void put(HttpClient http, String url, String body) throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type",
                "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IOException("PUT " + url + " answered " + response.statusCode() + ": " + response.body());
        }
    }

    static void post(HttpClient http, String url) throws IOException, InterruptedException {
        http.send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.discarding());
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }

    static String option(String[] args, String name, String fallback) {
        for (int i = 0; i < args.length - 1; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
