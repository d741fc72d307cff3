package org.strategylab.simulator.catalog;

import java.util.List;

/**
 * Keys every WDK param carries.
 *
 * @param dependsOn names of the params whose values this param's vocabulary or default depends on
 */
public record ParamBasics(String name, String displayName, String help, boolean visible, boolean readOnly,
                          boolean allowEmptyValue, List<String> dependsOn) {

    public static ParamBasics visible(String name, String displayName, String help) {
        return new ParamBasics(name, displayName, help, true, false, false, List.of());
    }

    public static ParamBasics hidden(String name, String displayName) {
        return new ParamBasics(name, displayName, "", false, true, false, List.of());
    }

    public ParamBasics dependingOn(String... names) {
        return new ParamBasics(name, displayName, help, visible, readOnly, allowEmptyValue, List.of(names));
    }

    public ParamBasics optional() {
        return new ParamBasics(name, displayName, help, visible, readOnly, true, dependsOn);
    }
}
