package org.strategylab.browser.support;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.stream.Stream;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.remote.CapabilityType;
import org.strategylab.testsupport.node.RequiredTool;

/**
 * Headless Chromium sessions. The browser is {@code strategylab.it.chromium} when set, otherwise
 * the first of {@code chromium}, {@code chromium-browser}, {@code google-chrome} on the
 * {@code PATH} (Debian's {@code chromium} is {@code /usr/bin/chromium}); its driver is
 * {@code strategylab.it.chromedriver}, or {@code chromedriver} on the {@code PATH} (Debian's
 * {@code chromium-driver}), or else one Selenium Manager fetches for that browser. Without a
 * browser the tests are skipped ({@link #assumeChromium()}): Selenium Manager is never asked to
 * download one. Each session is a fresh profile.
 */
public final class Browsers {

    /** The desktop width every page must be readable at. */
    public static final int DESKTOP = 1280;
    /** The phone width every page must be readable at. */
    public static final int PHONE = 390;

    private static final List<String> BROWSER_NAMES = List.of("chromium", "chromium-browser", "google-chrome",
            "google-chrome-stable");

    private Browsers() {
    }

    /**
     * Skips the calling test (or class, from {@code @BeforeAll}) when there is no Chromium, with
     * one line naming the install command; fails it instead where {@code -Dbrowser.required=true}
     * (CI). Call it before starting anything.
     */
    public static void assumeChromium() {
        RequiredTool.CHROMIUM.assume(chromiumBinary().isPresent());
    }

    /** The browser to drive: {@code strategylab.it.chromium}, or the first Chromium or Chrome on the PATH. */
    static Optional<Path> chromiumBinary() {
        String configured = System.getProperty("strategylab.it.chromium", "");
        if (!configured.isBlank()) {
            Path binary = Path.of(configured);
            return Files.isExecutable(binary) ? Optional.of(binary) : Optional.empty();
        }
        return BROWSER_NAMES.stream().map(Browsers::onPath).flatMap(Optional::stream).findFirst();
    }

    /** The driver: {@code strategylab.it.chromedriver}, or {@code chromedriver} on the PATH; empty: Selenium Manager's. */
    private static Optional<Path> chromedriverBinary() {
        String configured = System.getProperty("strategylab.it.chromedriver", "");
        if (!configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(Files::isExecutable);
        }
        return onPath("chromedriver");
    }

    private static Optional<Path> onPath(String program) {
        String path = System.getenv().getOrDefault("PATH", "");
        return Stream.of(path.split(File.pathSeparator)).filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, program)).filter(Files::isExecutable).findFirst();
    }

    /** A browser whose page area is {@code width} CSS pixels wide (900 high; 844 at {@link #PHONE}). */
    public static Browser chromium(int width) {
        int height = width <= PHONE ? 844 : 900;
        ChromeOptions options = new ChromeOptions();
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=" + width + "," + height, "--force-device-scale-factor=1", "--lang=en-GB",
                "--no-first-run", "--disable-extensions", "--disable-background-networking");
        assumeChromium();
        chromiumBinary().ifPresent(binary -> options.setBinary(binary.toFile()));
        // the console, read by Browser.assertNoConsoleErrors
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        // an alert stays open (instead of being dismissed by the next command), so a test can see it
        options.setCapability(CapabilityType.UNHANDLED_PROMPT_BEHAVIOUR, UnexpectedAlertBehaviour.IGNORE);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", "en-GB"));
        ChromeDriverService.Builder service = new ChromeDriverService.Builder().withSilent(true);
        chromedriverBinary().ifPresent(driver -> service.usingDriverExecutable(driver.toFile()));
        ChromeDriver driver = new ChromeDriver(service.build(), options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
        driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
        // --window-size sets the outer window; make the viewport itself the asked width
        Object inner = driver.executeScript("return [window.innerWidth, window.innerHeight]");
        if (inner instanceof java.util.List<?> size && size.size() == 2) {
            long innerWidth = ((Number) size.get(0)).longValue();
            long innerHeight = ((Number) size.get(1)).longValue();
            Dimension outer = driver.manage().window().getSize();
            driver.manage().window().setSize(new Dimension((int) (outer.getWidth() + width - innerWidth),
                    (int) (outer.getHeight() + height - innerHeight)));
        }
        return new Browser(driver, width);
    }
}
