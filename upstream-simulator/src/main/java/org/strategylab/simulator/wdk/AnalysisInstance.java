package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/** A step analysis instance. Mutable; guarded by its {@link SiteWorkspace}'s lock. */
final class AnalysisInstance {

    final long id;
    final long stepId;
    final String analysisName;
    String displayName;
    String userNotes;
    Map<String, String> parameters;
    /** WDK ExecutionStatus name. */
    String status = "CREATED";
    int runs;
    /** Run requests ignored by fault injection (the instance stayed CREATED). */
    int ignoredRuns;
    JsonNode result;
    /** Bumped by every run, so a superseded run's completion is ignored. */
    long runToken;

    AnalysisInstance(long id, long stepId, String analysisName, String displayName, Map<String, String> parameters) {
        this.id = id;
        this.stepId = stepId;
        this.analysisName = analysisName;
        this.displayName = displayName;
        this.parameters = parameters;
    }
}
