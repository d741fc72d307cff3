package org.strategylab.evaluation.report;

/**
 * What the report shows beside the experiment itself, which only the service that stores it knows.
 *
 * @param controlSetName the name of the experiment's control set, shown instead of its id; null when
 *                       it has none or the set is gone (the id is shown then)
 * @param resultsCsvUrl  a link to the classified results as CSV, relative to the report's own address;
 *                       null for no link
 */
public record ReportContext(String controlSetName, String resultsCsvUrl) {
    /** Nothing beyond the experiment. */
    public static final ReportContext NONE = new ReportContext(null, null);
}
