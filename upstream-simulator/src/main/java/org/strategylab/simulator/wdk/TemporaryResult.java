package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import org.strategylab.simulator.catalog.Answer;
import org.strategylab.simulator.catalog.RecordType;
import org.strategylab.simulator.catalog.SearchSpec;

/** A report prepared by {@code POST /temporary-results}, downloadable (by anyone with the id) until the simulator stops. */
record TemporaryResult(String id, String reporter, JsonNode reportConfig, RecordType recordType, SearchSpec search,
                       Answer answer) {
}
