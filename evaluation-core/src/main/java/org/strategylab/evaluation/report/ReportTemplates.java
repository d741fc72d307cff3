package org.strategylab.evaluation.report;

import java.util.Map;

/**
 * The experiment report's Qute templates (this package's resources) and style sheet, through one
 * {@link HtmlPageTemplates} kept for the class loader's life.
 */
final class ReportTemplates {
    private static final HtmlPageTemplates PAGES = new HtmlPageTemplates(ReportTemplates.class,
            "/org/strategylab/evaluation/report/", "", Map.of("figure", "figure.html", "trials", "trials.html"));

    /** The style sheet, embedded in the report and allowed by the Content-Security-Policy through its hash. */
    static final String CSS = PAGES.css();
    static final String CSP = PAGES.csp();

    private ReportTemplates() {
    }

    /** The report of one experiment's view. */
    static String render(ReportView view) {
        return PAGES.render("report.html", view);
    }
}
