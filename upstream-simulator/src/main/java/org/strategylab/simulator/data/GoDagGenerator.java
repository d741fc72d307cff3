package org.strategylab.simulator.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Builds the GO DAG: a skeleton of real GO terms (real ids, names and is_a parents, so familiar
 * queries such as GO:0004672 "protein kinase activity" work) with generated terms hung below it.
 * Generated terms get real-format ids from a range that is sparse in the real GO and composed names.
 */
final class GoDagGenerator {

    /** Real terms: id, name, namespace code (F/C/P), parent ids. Roots first, parents before children. */
    private static final String[][] SKELETON = {
            {"GO:0003674", "molecular_function", "F"},
            {"GO:0005575", "cellular_component", "C"},
            {"GO:0008150", "biological_process", "P"},
            {"GO:0003824", "catalytic activity", "F", "GO:0003674"},
            {"GO:0005488", "binding", "F", "GO:0003674"},
            {"GO:0005198", "structural molecule activity", "F", "GO:0003674"},
            {"GO:0005215", "transporter activity", "F", "GO:0003674"},
            {"GO:0016740", "transferase activity", "F", "GO:0003824"},
            {"GO:0016772", "transferase activity, transferring phosphorus-containing groups", "F", "GO:0016740"},
            {"GO:0016301", "kinase activity", "F", "GO:0016772"},
            {"GO:0004672", "protein kinase activity", "F", "GO:0016301"},
            {"GO:0004674", "protein serine/threonine kinase activity", "F", "GO:0004672"},
            {"GO:0016787", "hydrolase activity", "F", "GO:0003824"},
            {"GO:0008233", "peptidase activity", "F", "GO:0016787"},
            {"GO:0004197", "cysteine-type endopeptidase activity", "F", "GO:0008233"},
            {"GO:0016887", "ATP hydrolysis activity", "F", "GO:0016787"},
            {"GO:0016491", "oxidoreductase activity", "F", "GO:0003824"},
            {"GO:0003676", "nucleic acid binding", "F", "GO:0005488"},
            {"GO:0003723", "RNA binding", "F", "GO:0003676"},
            {"GO:0003677", "DNA binding", "F", "GO:0003676"},
            {"GO:0005515", "protein binding", "F", "GO:0005488"},
            {"GO:0005525", "GTP binding", "F", "GO:0005488"},
            {"GO:0003735", "structural constituent of ribosome", "F", "GO:0005198"},
            {"GO:0022857", "transmembrane transporter activity", "F", "GO:0005215"},
            {"GO:0110165", "cellular anatomical entity", "C", "GO:0005575"},
            {"GO:0005737", "cytoplasm", "C", "GO:0110165"},
            {"GO:0005634", "nucleus", "C", "GO:0110165"},
            {"GO:0016020", "membrane", "C", "GO:0110165"},
            {"GO:0005886", "plasma membrane", "C", "GO:0016020"},
            {"GO:0005840", "ribosome", "C", "GO:0005737"},
            {"GO:0005739", "mitochondrion", "C", "GO:0005737"},
            {"GO:0020011", "apicoplast", "C", "GO:0005737"},
            {"GO:0020008", "rhoptry", "C", "GO:0005737"},
            {"GO:0020009", "microneme", "C", "GO:0005737"},
            {"GO:0005576", "extracellular region", "C", "GO:0005575"},
            {"GO:0020002", "host cell plasma membrane", "C", "GO:0005576"},
            {"GO:0008152", "metabolic process", "P", "GO:0008150"},
            {"GO:0009987", "cellular process", "P", "GO:0008150"},
            {"GO:0016310", "phosphorylation", "P", "GO:0008152"},
            {"GO:0006468", "protein phosphorylation", "P", "GO:0016310"},
            {"GO:0006508", "proteolysis", "P", "GO:0008152"},
            {"GO:0006412", "translation", "P", "GO:0008152"},
            {"GO:0006096", "glycolytic process", "P", "GO:0008152"},
            {"GO:0006099", "tricarboxylic acid cycle", "P", "GO:0008152"},
            {"GO:0055085", "transmembrane transport", "P", "GO:0009987"},
            {"GO:0006355", "regulation of DNA-templated transcription", "P", "GO:0009987"},
            {"GO:0044409", "symbiont entry into host", "P", "GO:0008150"},
            {"GO:0020033", "antigenic variation", "P", "GO:0008150"},
            {"GO:0045454", "cell redox homeostasis", "P", "GO:0009987"},
            {"GO:0006457", "protein folding", "P", "GO:0009987"},
            {"GO:0006260", "DNA replication", "P", "GO:0009987"},
            {"GO:0051301", "cell division", "P", "GO:0009987"},
            {"GO:0007165", "signal transduction", "P", "GO:0009987"},
            {"GO:0016192", "vesicle-mediated transport", "P", "GO:0009987"},
            {"GO:0048232", "male gamete generation", "P", "GO:0008150"},
    };

    private static final String[] MF_SUBSTRATES = {"phosphatidylinositol", "tRNA", "rRNA", "mRNA", "histone", "glutathione",
            "NADH", "NADPH", "ATP", "GTP", "acetyl-CoA", "folate", "heme", "isoprenoid", "ubiquitin", "SUMO", "chitin",
            "pyruvate", "lipid", "fatty-acyl-CoA", "sphingolipid", "purine", "pyrimidine", "amino acid", "calcium ion",
            "zinc ion", "iron-sulfur cluster", "actin filament", "microtubule", "dynein", "cyclic nucleotide"};
    private static final String[] MF_ACTIVITIES = {"binding", "kinase activity", "phosphatase activity", "transferase activity",
            "hydrolase activity", "ligase activity", "isomerase activity", "reductase activity", "dehydrogenase activity",
            "transmembrane transporter activity", "methyltransferase activity", "deacetylase activity", "helicase activity",
            "synthase activity", "lyase activity"};
    private static final String[] CC_PARTS = {"membrane", "lumen", "complex", "matrix", "outer membrane", "inner membrane",
            "periphery", "body", "vesicle", "tip"};
    private static final String[] CC_ORGANELLES = {"apicoplast", "rhoptry", "microneme", "dense granule", "mitochondrial",
            "nuclear", "Golgi", "endoplasmic reticulum", "food vacuole", "parasitophorous vacuole", "inner membrane complex",
            "apical complex", "cytoskeletal", "ribosomal", "spliceosomal", "proteasome"};
    private static final String[] BP_PROCESSES = {"merozoite invasion", "gametocyte development", "host cell egress",
            "tachyzoite replication", "bradyzoite differentiation", "schizogony", "heme detoxification", "mRNA splicing",
            "tRNA aminoacylation", "protein export", "lipid biosynthetic process", "isoprenoid biosynthetic process",
            "fatty acid elongation", "nucleotide salvage", "DNA repair", "chromatin organization", "protein ubiquitination",
            "vesicle docking", "calcium-mediated signaling", "gliding motility", "cytokinesis", "oxidative stress response",
            "iron-sulfur cluster assembly", "ribosome biogenesis", "autophagy", "organelle inheritance"};
    private static final String[] BP_MODIFIERS = {"", "regulation of ", "positive regulation of ", "negative regulation of "};

    private GoDagGenerator() {
    }

    static GoDag generate(Random random) {
        List<GoTerm> terms = new ArrayList<>();
        Map<String, Integer> indexById = new HashMap<>();
        Map<GoNamespace, List<Integer>> byNamespace = new HashMap<>();
        for (String[] row : SKELETON) {
            int[] parents = new int[row.length - 3];
            for (int p = 3; p < row.length; p++) {
                parents[p - 3] = indexById.get(row[p]);
            }
            GoNamespace ns = namespace(row[2]);
            add(terms, indexById, byNamespace, row[0], row[1], ns, parents, true);
        }
        int nextId = 1_990_001; // GO:1990001 onward: a range with few real terms, so ids look real but are ours
        Set<String> names = new HashSet<>();
        nextId = generateNamespace(random, terms, indexById, byNamespace, GoNamespace.MOLECULAR_FUNCTION, 260, nextId, names);
        nextId = generateNamespace(random, terms, indexById, byNamespace, GoNamespace.CELLULAR_COMPONENT, 120, nextId, names);
        generateNamespace(random, terms, indexById, byNamespace, GoNamespace.BIOLOGICAL_PROCESS, 320, nextId, names);
        return new GoDag(terms);
    }

    private static int generateNamespace(Random random, List<GoTerm> terms, Map<String, Integer> indexById,
                                         Map<GoNamespace, List<Integer>> byNamespace, GoNamespace ns, int count,
                                         int nextId, Set<String> names) {
        int made = 0;
        int attempts = 0;
        while (made < count && attempts++ < count * 20) {
            String name = composeName(random, ns);
            if (!names.add(name)) {
                continue;
            }
            List<Integer> pool = byNamespace.get(ns);
            int first = pool.get(1 + random.nextInt(pool.size() - 1)); // never directly the root
            int[] parents;
            if (random.nextDouble() < 0.25) {
                int second = pool.get(1 + random.nextInt(pool.size() - 1));
                parents = second == first ? new int[] {first} : new int[] {first, second};
            } else {
                parents = new int[] {first};
            }
            String id = String.format(Locale.ROOT, "GO:%07d", nextId);
            nextId += 1 + random.nextInt(3);
            add(terms, indexById, byNamespace, id, name, ns, parents, false);
            made++;
        }
        return nextId;
    }

    private static String composeName(Random random, GoNamespace ns) {
        return switch (ns) {
            case MOLECULAR_FUNCTION -> pick(random, MF_SUBSTRATES) + " " + pick(random, MF_ACTIVITIES);
            case CELLULAR_COMPONENT -> pick(random, CC_ORGANELLES) + " " + pick(random, CC_PARTS);
            case BIOLOGICAL_PROCESS -> pick(random, BP_MODIFIERS) + pick(random, BP_PROCESSES);
        };
    }

    private static void add(List<GoTerm> terms, Map<String, Integer> indexById, Map<GoNamespace, List<Integer>> byNamespace,
                            String id, String name, GoNamespace ns, int[] parents, boolean slim) {
        int index = terms.size();
        terms.add(new GoTerm(index, id, name, ns, parents, slim));
        indexById.put(id, index);
        byNamespace.computeIfAbsent(ns, k -> new ArrayList<>()).add(index);
    }

    private static GoNamespace namespace(String code) {
        return switch (code) {
            case "F" -> GoNamespace.MOLECULAR_FUNCTION;
            case "C" -> GoNamespace.CELLULAR_COMPONENT;
            default -> GoNamespace.BIOLOGICAL_PROCESS;
        };
    }

    private static String pick(Random random, String[] values) {
        return values[random.nextInt(values.length)];
    }
}
