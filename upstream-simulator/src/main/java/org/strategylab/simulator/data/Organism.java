package org.strategylab.simulator.data;

import java.util.List;

/**
 * A genome served by a component site.
 *
 * @param name            exact vocabulary term, as WDK's organism params use it ({@code Plasmodium falciparum 3D7})
 * @param abbreviation    the short code VEuPathDB prefixes dataset names with ({@code pfal3D7})
 * @param projectId       the component site's project id, second primary-key column of its records
 * @param lineage         taxonomy from the highest rank down to the species, used for the organism tree vocabularies
 * @param reference       whether this is the site's reference strain
 * @param genus           genus name, used in generic product descriptions
 */
public record Organism(String name, String abbreviation, String projectId, List<String> lineage,
                       boolean reference, String genus) {

    /** The organism as WDK's display format shows it: italic HTML. */
    public String htmlName() {
        return "<i>" + name + "</i>";
    }
}
