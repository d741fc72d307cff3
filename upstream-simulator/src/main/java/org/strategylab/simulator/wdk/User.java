package org.strategylab.simulator.wdk;

/**
 * A WDK user: a guest minted for a cookie-less request, or a registered account that logged in.
 */
public record User(long id, boolean guest, String email, String firstName, String lastName, String organization) {

    public static User guest(long id) {
        return new User(id, true, null, null, null, null);
    }

    /** The strategy listing's {@code author}. */
    public String displayName() {
        return guest ? "WDK Guest" : (firstName + " " + lastName).trim();
    }
}
