package org.strategylab.testsupport.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/** What the benchmarks read of the machine they run on, and the scratch room they clear. */
public final class BenchHost {

    private BenchHost() {
    }

    /** The 1, 5 and 15 minute load averages ({@code /proc/loadavg}), or "unknown" off Linux. */
    public static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Deletes a directory and everything under it, if it exists (a bench's work directory from its last run). */
    public static void clear(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (var paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
