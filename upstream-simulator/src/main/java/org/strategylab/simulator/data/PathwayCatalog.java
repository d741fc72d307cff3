package org.strategylab.simulator.data;

import java.util.ArrayList;
import java.util.List;

/** KEGG and MetaCyc pathways with their real ids and names; which genes are in them is generated. */
final class PathwayCatalog {

    private static final String[][] KEGG = {
            {"ec00010", "Glycolysis / Gluconeogenesis"}, {"ec00020", "Citrate cycle (TCA cycle)"},
            {"ec00030", "Pentose phosphate pathway"}, {"ec00051", "Fructose and mannose metabolism"},
            {"ec00052", "Galactose metabolism"}, {"ec00061", "Fatty acid biosynthesis"},
            {"ec00071", "Fatty acid degradation"}, {"ec00190", "Oxidative phosphorylation"},
            {"ec00230", "Purine metabolism"}, {"ec00240", "Pyrimidine metabolism"},
            {"ec00250", "Alanine, aspartate and glutamate metabolism"},
            {"ec00260", "Glycine, serine and threonine metabolism"}, {"ec00270", "Cysteine and methionine metabolism"},
            {"ec00330", "Arginine and proline metabolism"}, {"ec00410", "beta-Alanine metabolism"},
            {"ec00480", "Glutathione metabolism"}, {"ec00500", "Starch and sucrose metabolism"},
            {"ec00520", "Amino sugar and nucleotide sugar metabolism"}, {"ec00561", "Glycerolipid metabolism"},
            {"ec00564", "Glycerophospholipid metabolism"}, {"ec00620", "Pyruvate metabolism"},
            {"ec00630", "Glyoxylate and dicarboxylate metabolism"}, {"ec00670", "One carbon pool by folate"},
            {"ec00730", "Thiamine metabolism"}, {"ec00740", "Riboflavin metabolism"},
            {"ec00760", "Nicotinate and nicotinamide metabolism"}, {"ec00770", "Pantothenate and CoA biosynthesis"},
            {"ec00790", "Folate biosynthesis"}, {"ec00860", "Porphyrin metabolism"},
            {"ec00900", "Terpenoid backbone biosynthesis"}};

    private static final String[][] METACYC = {
            {"PWY-1042", "glycolysis IV"}, {"PWY-5690", "TCA cycle II (plants and fungi)"},
            {"PWY-7228", "superpathway of guanosine nucleotides de novo biosynthesis I"},
            {"PWY-6123", "inosine-5'-phosphate biosynthesis I"}, {"PWY-5686", "UMP biosynthesis I"},
            {"PWY-3781", "aerobic respiration I (cytochrome c)"}, {"PWY-5973", "cis-vaccenate biosynthesis"},
            {"PWY-6386", "UDP-N-acetylmuramoyl-pentapeptide biosynthesis II"}, {"PWY-7115", "C4 photosynthetic carbon assimilation cycle"},
            {"PWY-5121", "superpathway of geranylgeranyl diphosphate biosynthesis II"},
            {"PWY-6614", "tetrahydrofolate biosynthesis"}, {"PWY-4381", "fatty acid biosynthesis initiation I"},
            {"PWY-5189", "tetrapyrrole biosynthesis II"}, {"PWY-6147", "6-hydroxymethyl-dihydropterin diphosphate biosynthesis I"},
            {"PWY-7184", "pyrimidine deoxyribonucleotides de novo biosynthesis I"}, {"PWY-5667", "CDP-diacylglycerol biosynthesis I"},
            {"PWY-4041", "gamma-glutamyl cycle"}, {"PWY-6117", "spermine and spermidine degradation I"},
            {"PWY-5659", "GDP-mannose biosynthesis"}, {"PWY-7221", "guanosine ribonucleotides de novo biosynthesis"},
            {"PWY-6609", "adenine and adenosine salvage III"}, {"PWY-5381", "pyridine nucleotide cycling (plants)"},
            {"PWY-6012", "acyl carrier protein metabolism"}, {"PWY-7560", "methylerythritol phosphate pathway II"}};

    private PathwayCatalog() {
    }

    static List<Pathway> pathways() {
        List<Pathway> all = new ArrayList<>();
        for (String[] row : KEGG) {
            all.add(new Pathway(all.size(), row[0], row[1], "KEGG"));
        }
        for (String[] row : METACYC) {
            all.add(new Pathway(all.size(), row[0], row[1], "MetaCyc"));
        }
        return List.copyOf(all);
    }
}
