package org.strategylab.evaluation.report;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The report of each of {@link ReportSamples} is, byte for byte, the committed one in
 * {@code src/test/resources/report-samples/}. They were rendered by the report as it was before it moved to a
 * template, so a change of the template shows here as a difference. A rendering that differs is written to
 * {@code target/report-samples/} to be compared (and, if the change is meant, committed in place of the old one).
 */
class ReportRenderingTest {
    @TestFactory
    Stream<DynamicTest> eachSampleRendersAsCommitted() {
        return ReportSamples.all().stream().map(sample -> DynamicTest.dynamicTest(sample.name(), () -> {
            String expected = committed(sample.name() + ".html");
            String actual = new HtmlReportRenderer().render(sample.experiment(), sample.context());
            if (!expected.equals(actual)) {
                Path dir = Path.of("target", "report-samples");
                Files.createDirectories(dir);
                Files.writeString(dir.resolve(sample.name() + ".html"), actual, StandardCharsets.UTF_8);
            }
            assertEquals(expected, actual, sample.name() + ": rendering written to target/report-samples/");
        }));
    }

    private static String committed(String name) throws IOException {
        try (InputStream in = ReportRenderingTest.class.getResourceAsStream("/report-samples/" + name)) {
            assertNotNull(in, name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
