package org.strategylab.browser.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.regex.Pattern;
import org.openqa.selenium.Alert;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * One headless Chromium session ({@link Browsers#chromium}), with what every page test needs:
 * open a page, sign in through the page's own form, wait for a condition, take a screenshot, and
 * fail when the console shows an error or an alert opened. Close it after the test.
 */
public final class Browser implements AutoCloseable {

    // an API answering 4xx is something the page handles (401 before sign-in, a 404, a 422 shown on
    // a field); a page asset that fails to load, a 5xx or a script error is a fault
    private static final Pattern HANDLED_API_STATUS = Pattern.compile(
            "/api/v1/\\S* - Failed to load resource: the server responded with a status of 4\\d\\d");

    private final ChromeDriver driver;
    private final int width;
    private final List<String> consoleSeen = new ArrayList<>();

    Browser(ChromeDriver driver, int width) {
        this.driver = driver;
        this.width = width;
    }

    /** The Selenium driver, for anything this class does not wrap. */
    public WebDriver driver() {
        return driver;
    }

    /** The page area's width in CSS pixels ({@link Browsers#DESKTOP} or {@link Browsers#PHONE}). */
    public int width() {
        return width;
    }

    /** Opens {@code path} ("/", "/workbench/") on {@code base}. */
    public Browser open(URI base, String path) {
        driver.get(base.resolve(path).toString());
        return this;
    }

    /**
     * Signs in as {@code userId} through the header's local sign-in form (the gateway sets the
     * HttpOnly cookie) and waits until the header says so. The page must be open.
     */
    public Browser signIn(String userId) {
        WebElement name = waitFor(d -> first(By.cssSelector("#session input[name=userId]")), Duration.ofSeconds(30));
        name.clear();
        name.sendKeys(userId);
        driver.findElement(By.cssSelector("#session button[type=submit]")).click();
        waitFor(d -> driver.findElement(By.id("session")).getText().contains("Signed in as " + userId),
                Duration.ofSeconds(30));
        return this;
    }

    /** The first element matching, or null (for polling). */
    public WebElement first(By by) {
        List<WebElement> found = driver.findElements(by);
        return found.isEmpty() ? null : found.get(0);
    }

    /**
     * Waits until {@code condition} gives a non-null, non-false value and returns it. An element
     * that is missing or was drawn again meanwhile (stale) counts as "not yet".
     */
    public <T> T waitFor(Function<WebDriver, T> condition, Duration timeout) {
        return new WebDriverWait(driver, timeout, Duration.ofMillis(200))
                .ignoring(StaleElementReferenceException.class)
                .until(condition::apply);
    }

    /**
     * Clicks the first element matching once it is shown and enabled, scrolled to the middle of the
     * viewport first (a sticky header or a narrow window may cover it otherwise).
     */
    public void click(By by, Duration timeout) {
        waitFor(d -> {
            WebElement element = first(by);
            if (element == null || !element.isDisplayed() || !element.isEnabled()) {
                return null;
            }
            script("arguments[0].scrollIntoView({block: 'center'})", element);
            element.click();
            return true;
        }, timeout);
    }

    /** Runs script in the page (WebDriver's own channel: the page's CSP does not apply). */
    public Object script(String script, Object... arguments) {
        return ((JavascriptExecutor) driver).executeScript(script, arguments);
    }

    /**
     * Writes the visible page area to {@code <screenshots>/<name>.png} (system property
     * {@code strategylab.it.screenshots}, {@code target/screenshots} by default) and returns the path,
     * after checking the page as it is with axe ({@link #assertAccessible}): every page state a test
     * records is one a person can use with a screen reader or the keyboard.
     */
    public Path screenshot(String name) {
        assertAccessible(name);
        Path directory = Path.of(System.getProperty("strategylab.it.screenshots", "target/screenshots"));
        try {
            Files.createDirectories(directory);
            Path target = directory.resolve(name + ".png");
            Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), target, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the screenshot " + name, e);
        }
    }

    /**
     * Fails when axe-core, run in the page as it is now, finds a serious or critical violation
     * (WCAG 2.1 A/AA and axe's best practices), naming each rule and the elements it found.
     *
     * @param state what the page shows, for the failure message
     */
    public void assertAccessible(String state) {
        List<String> violations = Accessibility.violations(this);
        if (!violations.isEmpty()) {
            throw new AssertionError("axe finds serious or critical violations in " + state + ":\n  "
                    + String.join("\n  ", violations));
        }
    }

    /**
     * Fails when an alert is open or the console has shown an error since the last call: a script
     * error, a failed page asset, a 5xx. An API's 4xx is not one (the page is expected to handle it).
     */
    public void assertNoConsoleErrors() {
        assertNoConsoleErrors(new String[0]);
    }

    /**
     * As {@link #assertNoConsoleErrors()}, but console errors that match one of {@code expected}
     * (regular expressions, found anywhere in the line) are what the test itself caused (a
     * connection refused while it had the gateway down) and do not count.
     */
    public void assertNoConsoleErrors(String... expected) {
        List<Pattern> allowed = java.util.Arrays.stream(expected).map(Pattern::compile).toList();
        try {
            Alert alert = driver.switchTo().alert();
            String text = alert.getText();
            alert.dismiss();
            throw new AssertionError("an alert opened: " + text);
        } catch (NoAlertPresentException e) {
            // none: as it should be
        }
        List<String> errors = new ArrayList<>();
        for (LogEntry entry : driver.manage().logs().get(LogType.BROWSER)) {
            consoleSeen.add(entry.getLevel() + " " + entry.getMessage());
            if (entry.getLevel().intValue() >= Level.SEVERE.intValue()
                    && !HANDLED_API_STATUS.matcher(entry.getMessage()).find()
                    && allowed.stream().noneMatch(p -> p.matcher(entry.getMessage()).find())) {
                errors.add(entry.getMessage());
            }
        }
        if (!errors.isEmpty()) {
            throw new AssertionError("the browser console shows errors:\n  " + String.join("\n  ", errors));
        }
    }

    /** Every console line read so far by {@link #assertNoConsoleErrors} (for a failure message). */
    public List<String> consoleSeen() {
        return List.copyOf(consoleSeen);
    }

    @Override
    public void close() {
        driver.quit();
    }
}
