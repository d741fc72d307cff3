package org.strategylab.gateway;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The module's packages depend on one another without cycles, so each can be read (and
 * moved) with only the packages below it. A plain unit test over the compiled classes.
 */
@AnalyzeClasses(packages = "org.strategylab.gateway", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageCyclesTest {

    /** Every package, subpackages on their own. */
    @ArchTest
    static final ArchRule packagesAreFreeOfCycles =
            slices().matching("org.strategylab.gateway.(**)").should().beFreeOfCycles();

    /** Every top-level package with its subpackages. */
    @ArchTest
    static final ArchRule topLevelPackagesAreFreeOfCycles =
            slices().matching("org.strategylab.gateway.(*)..").should().beFreeOfCycles();
}
