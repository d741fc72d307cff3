package org.strategylab.simulator.catalog;

import java.util.Map;
import org.strategylab.simulator.data.SiteData;

/** Computes a search's answer from validated param values (and the answers of its input steps). */
@FunctionalInterface
public interface SearchEvaluator {

    Answer evaluate(Run run);

    /**
     * @param values  validated param values, as stored
     * @param inputs  answers of the wired input steps, by input-step param name
     */
    record Run(SiteData data, Map<String, String> values, Map<String, Answer> inputs, ParamContext context) {

        public String value(String name) {
            return values.get(name);
        }
    }
}
