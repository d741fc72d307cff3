package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.strategylab.simulator.catalog.ParamSpec;
import org.strategylab.simulator.data.SiteData;

/**
 * A step analysis type.
 *
 * @param form    the form params for a result's genes (vocabularies depend on the result)
 * @param compute the result JSON for validated parameter values (throws 422 when the result cannot be analysed)
 */
record AnalysisPlugin(String name, String displayName, String shortDescription, String description,
                      Function<AnalysisInput, List<ParamSpec>> form,
                      BiFunction<AnalysisInput, Map<String, String>, ObjectNode> compute) {

    /** What an analysis runs on: the site's data and the genes of the step's result. */
    record AnalysisInput(SiteData data, BitSet resultGenes) {
    }
}
