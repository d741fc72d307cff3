package org.strategylab.upstream.rest;

/** Query-parameter bounds shared by the catalogue resources. */
final class CatalogResources {

    /** Largest page of a catalogue list. */
    static final int MAX_LIMIT = 500;

    private CatalogResources() {
    }
}
