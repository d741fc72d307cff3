package org.strategylab.testsupport.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A small npm project checked in beside the tests ({@code package.json} and its
 * {@code package-lock.json}, plus the scripts), installed with {@code npm ci} into a copy under
 * {@code target/} and run with the machine's {@code node}. Tests use it to check our documents and
 * streams with the official JavaScript tools (the AsyncAPI parser, Redocly, the WHATWG
 * {@code EventSource}) rather than with our own reading of their rules.
 *
 * <p>Installing is done once per project and JVM; npm's own cache ({@code ~/.npm}) makes a
 * repeated install cheap. Without Node the calling test is skipped, or failed where
 * {@code -Dnode.required=true} (see {@link RequiredTool#NODE}).
 */
public final class NodeProject {

    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);

    private final Path work;

    private NodeProject(Path work) {
        this.work = work;
    }

    /**
     * The project in {@code source}, copied to {@code workDir} and installed there. Skips (or fails)
     * the calling test when Node.js or npm is missing.
     *
     * @param source  the checked-in project directory (holds {@code package.json} and {@code package-lock.json})
     * @param workDir where to copy and install it (under {@code target/})
     */
    public static synchronized NodeProject install(Path source, Path workDir) {
        RequiredTool.NODE.assume(onPath("node") && onPath("npm"));
        try {
            copyTree(source, workDir);
            Path marker = workDir.resolve("node_modules/.package-lock.json");
            Path lock = workDir.resolve("package-lock.json");
            boolean current = Files.exists(marker)
                    && Files.getLastModifiedTime(marker).compareTo(Files.getLastModifiedTime(lock)) >= 0;
            if (!current) {
                NodeRun install = exec(workDir, INSTALL_TIMEOUT, List.of("npm", "ci", "--no-audit", "--no-fund",
                        // no package's install script runs in our build (none of the tools needs one)
                        "--ignore-scripts", "--loglevel=error"));
                if (install.exitCode() != 0) {
                    throw new IllegalStateException("npm ci failed in " + workDir + ":\n" + install.output());
                }
            }
            return new NodeProject(workDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The directory the project was installed in. */
    public Path directory() {
        return work;
    }

    /**
     * Runs {@code node <script> <args…>} in the project's directory and waits for it.
     *
     * @param timeout how long it may take before it is killed (and the run reported as failed)
     */
    public NodeRun node(Duration timeout, String script, String... args) {
        List<String> command = new ArrayList<>(List.of("node", script));
        command.addAll(List.of(args));
        return exec(work, timeout, command);
    }

    /**
     * Runs a program the project installed ({@code node_modules/.bin/<bin>}) and waits for it.
     */
    public NodeRun bin(Duration timeout, String bin, String... args) {
        List<String> command = new ArrayList<>(List.of(work.resolve("node_modules/.bin").resolve(bin).toString()));
        command.addAll(List.of(args));
        return exec(work, timeout, command);
    }

    private static NodeRun exec(Path dir, Duration timeout, List<String> command) {
        try {
            Path output = Files.createTempFile("node-run", ".log");
            try {
                Process process = new ProcessBuilder(command).directory(dir.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(output.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .start();
                boolean ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
                if (!ended) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly().waitFor();
                }
                String text = Files.readString(output, StandardCharsets.UTF_8);
                return new NodeRun(ended ? process.exitValue() : -1,
                        ended ? text : text + "\n(killed after " + timeout + ")");
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        return Stream.of(path.split(java.io.File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, program)));
    }

    private static void copyTree(Path source, Path target) throws IOException {
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                if (source.relativize(file).startsWith("node_modules")) {
                    continue; // a developer's own install beside the sources is not ours to copy
                }
                Path to = target.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(to);
                } else if (!Files.exists(to) || Files.mismatch(file, to) != -1) {
                    Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    /**
     * What a Node run did.
     *
     * @param exitCode its exit code; -1 when it was killed for taking too long
     * @param output   its standard output and error, interleaved
     */
    public record NodeRun(int exitCode, String output) {

        /** Whether it exited with 0. */
        public boolean succeeded() {
            return exitCode == 0;
        }
    }
}
