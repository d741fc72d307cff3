package org.strategylab.testsupport.process;

import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * An operating-system process a test started, with its output appended to a log file. It can be
 * killed the hard way ({@link #kill}: SIGKILL, as a crash or an OOM killer would) or stopped
 * gracefully ({@link #stop}: SIGTERM, then SIGKILL after a grace period). Every instance is also
 * killed by a JVM shutdown hook, so a test run that aborts leaves nothing running.
 */
public final class ManagedProcess implements AutoCloseable {

    private static final Set<ManagedProcess> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(ManagedProcess::killQuietly),
                "managed-process-cleanup"));
    }

    private final String name;
    private final Process process;
    private final Path log;

    private ManagedProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /**
     * Starts a process; its standard output and error are appended to {@code log} (after a line
     * saying when and what was started, so restarts of one component share one readable log).
     *
     * @param name    a short name for messages ("kafka", "gateway")
     * @param command the program and its arguments
     * @param log     the log file; parent directories are created
     */
    public static ManagedProcess start(String name, List<String> command, Path log) {
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            Files.writeString(log, "---- " + Instant.now() + " starting " + name + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
            ManagedProcess started = new ManagedProcess(name, builder.start(), log);
            RUNNING.add(started);
            return started;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name + " (" + command.get(0) + ")", e);
        }
    }

    private static File nullDevice() {
        return new File(System.getProperty("os.name", "").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    /** The short name given at start. */
    public String name() {
        return name;
    }

    /** The operating-system process id. */
    public long pid() {
        return process.pid();
    }

    /** Whether the process still runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** The exit code, or -1 while the process runs. */
    public int exitValue() {
        return process.isAlive() ? -1 : process.exitValue();
    }

    /** The log file its output goes to. */
    public Path log() {
        return log;
    }

    /**
     * Kills the process with SIGKILL (and any children it started) and waits until it is gone:
     * no shutdown hook of it runs, sockets are reset, files are left as they are.
     */
    public void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        awaitExit(Duration.ofSeconds(30));
        RUNNING.remove(this);
    }

    /**
     * Stops the process with SIGTERM (its shutdown hooks run) and waits up to {@code grace};
     * kills it if it is still running then.
     */
    public void stop(Duration grace) {
        if (process.isAlive()) {
            process.destroy();
            if (!awaitExit(grace)) {
                kill();
            }
        }
        RUNNING.remove(this);
    }

    /** Stops it gracefully, allowing 15 s. */
    @Override
    public void close() {
        stop(Duration.ofSeconds(15));
    }

    private boolean awaitExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    private void killQuietly() {
        try {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        } catch (RuntimeException e) {
            // the JVM is exiting: nothing more to do about a process that refuses to die
        }
    }

    /**
     * The resident set size in KiB ({@code VmRSS} of {@code /proc/<pid>/status}), or -1 where
     * that file does not exist (not Linux, or the process is gone).
     */
    public long rssKib() {
        return procStatusKib(pid(), "VmRSS");
    }

    /** A {@code kB} field of {@code /proc/<pid>/status} ({@code VmRSS}, {@code VmHWM}, …), or -1. */
    public static long procStatusKib(long pid, String field) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith(field + ":")) {
                    String value = line.substring(field.length() + 1).trim();
                    return Long.parseLong(value.split("\\s+")[0]);
                }
            }
            return -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The last lines of the log (up to 64 KiB are read), for failure messages. */
    public String logTail(int lines) {
        try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
            long length = file.length();
            long from = Math.max(0, length - 65_536);
            byte[] bytes = new byte[(int) (length - from)];
            file.seek(from);
            file.readFully(bytes);
            String[] all = new String(bytes, StandardCharsets.UTF_8).split("\n");
            int start = Math.max(0, all.length - lines);
            return String.join("\n", Arrays.copyOfRange(all, start, all.length));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public String toString() {
        return name + " (pid " + pid() + (isAlive() ? ")" : ", exited " + exitValue() + ")");
    }
}
