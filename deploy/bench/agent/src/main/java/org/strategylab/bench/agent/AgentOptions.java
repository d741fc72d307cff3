package org.strategylab.bench.agent;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * The bench's flags.
 *
 * @param upstreamJar upstream-gateway's {@code quarkus-run.jar}
 * @param chatJar     chat-service's {@code quarkus-run.jar}
 * @param workDir     where the stack's files and the results go
 * @param models      catalog ids of the models to run; empty: {@code mock/planner} and the first model of each enabled vendor
 * @param requests    ids of the requests to send; empty: all
 * @param turnLimit   how long the bench waits for one turn's end
 * @param record      a directory to record vendor turns into (one transcript per turn), or null
 * @param replay      a transcript to replay instead of running the requests, or null
 * @param reasoningEffort the turns' {@code reasoningEffort}, or null (each vendor's default)
 */
record AgentOptions(Path upstreamJar, Path chatJar, Path workDir, List<String> models, List<String> requests,
                    Duration turnLimit, Path record, Path replay, String reasoningEffort) {

    static final String USAGE = """
            usage: AgentBench --upstream-jar <jar> --chat-jar <jar> --work-dir <dir> [flags]
              --models a,b        catalog ids of the models to run (default: mock/planner and the first
                                  model of each vendor whose key is set)
              --requests a,b      ids of the requests to send (default: all of agent-bench/requests.json)
              --turn-limit S      seconds to wait for a turn's end (default 300)
              --record DIR        record each vendor turn's HTTP exchanges to DIR/<model>/<request>.json
              --reasoning-effort E  none, low, medium or high for every turn (default: none sent, the
                                  vendor's own default)
              --replay FILE       replay a recorded transcript through the chat loop instead
            """;

    static AgentOptions parse(String[] args) {
        Path upstream = null;
        Path chat = null;
        Path work = null;
        List<String> models = List.of();
        List<String> requests = List.of();
        Duration limit = Duration.ofMinutes(5);
        Path record = null;
        Path replay = null;
        String effort = null;
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            if ("--help".equals(flag)) {
                throw new IllegalArgumentException(USAGE);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("flag " + flag + " needs a value\n" + USAGE);
            }
            String value = args[++i];
            switch (flag) {
                case "--upstream-jar" -> upstream = Path.of(value);
                case "--chat-jar" -> chat = Path.of(value);
                case "--work-dir" -> work = Path.of(value);
                case "--models" -> models = list(value);
                case "--requests" -> requests = list(value);
                case "--turn-limit" -> limit = Duration.ofSeconds(Long.parseLong(value));
                case "--record" -> record = Path.of(value);
                case "--replay" -> replay = Path.of(value);
                case "--reasoning-effort" -> effort = value;
                default -> throw new IllegalArgumentException("unknown flag " + flag + "\n" + USAGE);
            }
        }
        if (upstream == null || chat == null || work == null) {
            throw new IllegalArgumentException(USAGE);
        }
        return new AgentOptions(upstream, chat, work, models, requests, limit, record, replay, effort);
    }

    private static List<String> list(String value) {
        return Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
