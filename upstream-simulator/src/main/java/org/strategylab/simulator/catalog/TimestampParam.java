package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** WDK {@code timestamp} param: hidden, filled by the UI to defeat caching; any value is accepted. */
public final class TimestampParam extends ParamSpec {

    public TimestampParam(ParamBasics basics) {
        super(basics);
    }

    @Override
    public String type() {
        return "timestamp";
    }

    @Override
    public String defaultValue(ParamContext context) {
        return "0";
    }

    @Override
    public ParamCheck validate(String value, ParamContext context) {
        return ParamCheck.ok(value);
    }

    @Override
    protected void describeType(ObjectNode node, ParamContext context) {
        // no type-specific keys
    }
}
