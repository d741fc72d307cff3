package org.strategylab.experiment;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The service's packages depend on one another without cycles: each feature (an analysis, the run,
 * the control sets, the results) can be read with only the packages below it. A plain unit test over
 * the compiled classes.
 */
@AnalyzeClasses(packages = "org.strategylab.experiment", importOptions = ImportOption.DoNotIncludeTests.class)
class PackageCyclesTest {

    /** Every package, subpackages on their own. */
    @ArchTest
    static final ArchRule packagesAreFreeOfCycles =
            slices().matching("org.strategylab.experiment.(**)").should().beFreeOfCycles();

    /** Every top-level package with its subpackages. */
    @ArchTest
    static final ArchRule topLevelPackagesAreFreeOfCycles =
            slices().matching("org.strategylab.experiment.(*)..").should().beFreeOfCycles();
}
