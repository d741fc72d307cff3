package org.strategylab.simulator.data;

/** The three GO ontologies, with the labels WDK's GO enrichment form uses. */
public enum GoNamespace {
    MOLECULAR_FUNCTION("Molecular Function", "GO:0003674"),
    CELLULAR_COMPONENT("Cellular Component", "GO:0005575"),
    BIOLOGICAL_PROCESS("Biological Process", "GO:0008150");

    private final String label;
    private final String rootId;

    GoNamespace(String label, String rootId) {
        this.label = label;
        this.rootId = rootId;
    }

    /** The label used in the {@code goAssociationsOntologies} vocabulary. */
    public String label() {
        return label;
    }

    /** The id of the ontology's root term. */
    public String rootId() {
        return rootId;
    }

    /** The ontology with this label, or null. */
    public static GoNamespace fromLabel(String label) {
        for (GoNamespace ns : values()) {
            if (ns.label.equalsIgnoreCase(label)) {
                return ns;
            }
        }
        return null;
    }
}
