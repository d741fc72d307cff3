package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.strategylab.simulator.catalog.Answer;
import org.strategylab.simulator.catalog.SearchSpec;

/** A user's step. Mutable; guarded by its {@link SiteWorkspace}'s lock. */
final class Step {

    final long id;
    final long ownerId;
    final SearchSpec search;
    final Instant createdTime;
    Map<String, String> params;
    ArrayNode filters = JsonNodeFactory.instance.arrayNode();
    JsonNode columnFilters = JsonNodeFactory.instance.objectNode();
    Integer wdkWeight;
    String customName;
    boolean expanded;
    String expandedName;
    JsonNode displayPreferences = JsonNodeFactory.instance.objectNode();
    Long strategyId;
    Instant lastRunTime;
    Integer estimatedSize;
    boolean deleted;
    /** Cached answer (with the step's filters applied); cleared when the step or anything below it changes. */
    Answer answer;
    /** Cached sort orders of {@link #answer}, by sorting key. */
    final Map<String, int[]> sortOrders = new LinkedHashMap<>();

    Step(long id, long ownerId, SearchSpec search, Map<String, String> params, Instant createdTime) {
        this.id = id;
        this.ownerId = ownerId;
        this.search = search;
        this.params = params;
        this.createdTime = createdTime;
        this.customName = search.displayName();
    }

    void clearAnswer() {
        answer = null;
        sortOrders.clear();
    }
}
