package org.strategylab.testsupport.node;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class RequiredToolTest {

    /** A tool of its own, so the test never depends on what the build was told about real ones. */
    private static final RequiredTool GADGET = new RequiredTool("Gadget", "gadget.required.for.this.test",
            "apt-get install -y gadget");

    @AfterEach
    void forget() {
        System.clearProperty(GADGET.property());
    }

    @Test
    void aPresentToolLetsTheTestRun() {
        System.setProperty(GADGET.property(), "true");
        assertDoesNotThrow(() -> GADGET.assume(true));
    }

    @Test
    void aMissingToolSkipsTheTestNamingTheInstallCommand() {
        TestAbortedException skipped = assertThrows(TestAbortedException.class, () -> GADGET.assume(false));
        assertTrue(skipped.getMessage().contains("`apt-get install -y gadget`"), skipped.getMessage());
    }

    @Test
    void aMissingToolTheBuildRequiresFailsTheTest() {
        System.setProperty(GADGET.property(), "true");
        AssertionFailedError failed = assertThrows(AssertionFailedError.class, () -> GADGET.assume(false));
        assertTrue(failed.getMessage().contains("-Dgadget.required.for.this.test=true"), failed.getMessage());
        assertTrue(failed.getMessage().contains("`apt-get install -y gadget`"), failed.getMessage());
    }
}
