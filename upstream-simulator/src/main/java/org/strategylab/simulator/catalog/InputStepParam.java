package org.strategylab.simulator.catalog;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * WDK {@code input-step} (answer) param: empty at step creation, later the id of the step wired in
 * by the strategy's step tree.
 */
public final class InputStepParam extends ParamSpec {

    public InputStepParam(ParamBasics basics) {
        super(basics);
    }

    @Override
    public String type() {
        return "input-step";
    }

    @Override
    public String defaultValue(ParamContext context) {
        return "";
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
