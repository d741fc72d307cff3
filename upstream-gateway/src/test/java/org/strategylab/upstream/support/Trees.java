package org.strategylab.upstream.support;

/** Step trees (JSON) over the simulator's PlasmoDB data, for the tests. */
public final class Trees {

    /** Every P. falciparum gene. */
    public static final String FALCIPARUM = "{\"searchName\":\"GenesByTaxon\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"]}}";

    /** P. falciparum protein kinases (GO:0004672 and below). */
    public static final String KINASES = "{\"searchName\":\"GenesByGoTerm\",\"parameters\":{\"organism\":[\"Plasmodium falciparum 3D7\"],"
            + "\"go_typeahead\":[\"GO:0004672\"]}}";

    /** P. falciparum genes with a signal peptide. */
    public static final String SIGNAL_PEPTIDE = "{\"searchName\":\"GenesWithSignalPeptide\",\"parameters\":{\"organism\":"
            + "[\"Plasmodium falciparum 3D7\"]}}";

    private Trees() {
    }

    /** A combine of two trees. */
    public static String combine(String operator, String left, String right) {
        return "{\"operator\":\"" + operator + "\",\"primaryInput\":" + left + ",\"secondaryInput\":" + right + "}";
    }
}
