package org.strategylab.browser.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.remote.CapabilityType;

/**
 * Headless Chromium sessions. Debian's {@code chromium} and {@code chromium-driver}
 * ({@code /usr/bin/chromium}, {@code /usr/bin/chromedriver}) are used when present; elsewhere
 * Selenium Manager looks for a browser and its driver. Each session is a fresh profile.
 */
public final class Browsers {

    /** The desktop width every page must be readable at. */
    public static final int DESKTOP = 1280;
    /** The phone width every page must be readable at. */
    public static final int PHONE = 390;

    private static final Path DEBIAN_CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DEBIAN_CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private Browsers() {
    }

    /** A browser whose page area is {@code width} CSS pixels wide (900 high; 844 at {@link #PHONE}). */
    public static Browser chromium(int width) {
        int height = width <= PHONE ? 844 : 900;
        ChromeOptions options = new ChromeOptions();
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=" + width + "," + height, "--force-device-scale-factor=1", "--lang=en-GB",
                "--no-first-run", "--disable-extensions", "--disable-background-networking");
        if (Files.isExecutable(DEBIAN_CHROMIUM)) {
            options.setBinary(DEBIAN_CHROMIUM.toFile());
        }
        // the console, read by Browser.assertNoConsoleErrors
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        // an alert stays open (instead of being dismissed by the next command), so a test can see it
        options.setCapability(CapabilityType.UNHANDLED_PROMPT_BEHAVIOUR, UnexpectedAlertBehaviour.IGNORE);
        options.setExperimentalOption("prefs", Map.of("intl.accept_languages", "en-GB"));
        ChromeDriverService.Builder service = new ChromeDriverService.Builder().withSilent(true);
        if (Files.isExecutable(DEBIAN_CHROMEDRIVER)) {
            service.usingDriverExecutable(DEBIAN_CHROMEDRIVER.toFile());
        }
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
