package org.strategylab.simulator.wdk;

/** An account that can log in to the simulator with {@code POST /login}. */
public record RegisteredAccount(String email, String password, String firstName, String lastName, String organization) {

    /** The demo account every simulator knows unless configured otherwise. */
    public static final RegisteredAccount DEMO = new RegisteredAccount("demo@strategylab.example", "demo-password",
            "Demo", "User", "StrategyLab (synthetic)");
}
