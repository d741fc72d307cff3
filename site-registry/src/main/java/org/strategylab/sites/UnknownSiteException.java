package org.strategylab.sites;

/** A site id that the registry does not hold. */
public class UnknownSiteException extends RuntimeException {

    private final String siteId;

    public UnknownSiteException(String siteId) {
        super("Unknown site '" + siteId + "'");
        this.siteId = siteId;
    }

    /** The id that was asked for. */
    public String siteId() {
        return siteId;
    }
}
