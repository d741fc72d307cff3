package org.strategylab.simulator.wdk;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/** WDK's validation bundle: {@code {level, isValid, errors:{general:[...], byKey:{name:[...]}}}}. */
public final class ValidationBundle {

    private ValidationBundle() {
    }

    public static ObjectNode valid(String level) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("level", level);
        node.put("isValid", true);
        return node;
    }

    public static ObjectNode invalid(List<String> general, Map<String, List<String>> byKey) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("level", "SEMANTIC");
        node.put("isValid", false);
        ObjectNode errors = node.putObject("errors");
        general.forEach(errors.putArray("general")::add);
        if (general.isEmpty()) {
            errors.putArray("general");
        }
        ObjectNode keys = errors.putObject("byKey");
        byKey.forEach((key, messages) -> messages.forEach(keys.withArray(key)::add));
        return node;
    }
}
