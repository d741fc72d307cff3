package org.strategylab.simulator.data;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * Generates the simulator's data set: four genomes (two PlasmoDB, two ToxoDB organisms) with real-format
 * ids, products, gene types, locations, transcripts, GO annotations on a generated DAG, pathways,
 * RNA-seq profiles and ortholog groups linking the genomes. The output depends only on the seed, so
 * every start (and every test) sees the same genes; nothing is stored on disk.
 *
 * <p>All of it is synthetic: the ids and organism names look like VEuPathDB's so clients exercise
 * their real parsing, but no value describes a real gene (a handful of well-known P. falciparum ids
 * get plausible products so the positive and negative control examples in the docs behave sensibly).
 */
public final class SyntheticDataGenerator {

    public static final long DEFAULT_SEED = 20_240_601L;

    private static final String[] CHROMOSOMES_COCCIDIA = {"Ia", "Ib", "II", "III", "IV", "V", "VI", "VIIa", "VIIb",
            "VIII", "IX", "X", "XI", "XII"};
    private static final double[] COCCIDIA_CHROMOSOME_SHARE = {2.0, 1.9, 2.3, 2.5, 2.6, 3.3, 3.4, 4.5, 5.0, 6.9, 6.4, 7.4,
            6.6, 7.0};
    private static final int[] PF_GENES_PER_CHROMOSOME = {143, 226, 268, 257, 338, 329, 320, 330, 404, 418, 517, 528, 738, 805};

    /** Known P. falciparum ids with fixed roles: gametocyte markers (sexual) and housekeeping controls (flat). */
    private static final Map<String, String[]> PF_FIXED = Map.ofEntries(
            Map.entry("PF3D7_1222600", new String[] {"nucleic-acid-binding", "AP2 domain transcription factor AP2-G|AP2-G", "sexual"}),
            Map.entry("PF3D7_1031000", new String[] {"sexual-stage", "25 kDa ookinete surface antigen precursor|P25", "sexual"}),
            Map.entry("PF3D7_0209000", new String[] {"sexual-stage", "6-cysteine protein P230|P230", "sexual"}),
            Map.entry("PF3D7_1346700", new String[] {"sexual-stage", "6-cysteine protein P48/45|P48/45", "sexual"}),
            Map.entry("PF3D7_1346800", new String[] {"sexual-stage", "6-cysteine protein P47|P47", "sexual"}),
            Map.entry("PF3D7_1462800", new String[] {"oxidoreductase", "glyceraldehyde-3-phosphate dehydrogenase|GAPDH", "flat"}),
            Map.entry("PF3D7_1246200", new String[] {"replication", "actin I|ACT1", "flat"}),
            Map.entry("PF3D7_0422300", new String[] {"replication", "alpha tubulin 2|TUBA2", "flat"}),
            Map.entry("PF3D7_0317600", new String[] {"ribosomal", "40S ribosomal protein S11|RPS11", "flat"}),
            Map.entry("PF3D7_0100100", new String[] {"variant-antigen", "erythrocyte membrane protein 1, PfEMP1|VAR", ""}));

    private final long seed;
    private final GoDag dag;
    private final List<Pathway> pathways;
    private final List<GeneFamily> families = GeneFamilies.FAMILIES;
    private final int[][] familyGoPools;
    private final Map<String, Integer> familyIndex = new HashMap<>();
    private final Map<String, List<String>> groupsByProduct = new HashMap<>();
    private final Map<String, Integer> groupUse = new HashMap<>();
    private int nextGroup = 0;

    private SyntheticDataGenerator(long seed) {
        this.seed = seed;
        this.dag = GoDagGenerator.generate(new Random(seed));
        this.pathways = PathwayCatalog.pathways();
        for (int i = 0; i < families.size(); i++) {
            familyIndex.put(families.get(i).key(), i);
        }
        // each family favours a few generated GO terms, so enrichment of a family-rich result finds them
        familyGoPools = new int[families.size()][];
        List<Integer> generated = new ArrayList<>();
        for (GoTerm t : dag.terms()) {
            if (!t.slim()) {
                generated.add(t.index());
            }
        }
        Random poolRandom = new Random(seed ^ 0x5EEDL);
        for (int f = 0; f < families.size(); f++) {
            int[] pool = new int[12];
            for (int k = 0; k < pool.length; k++) {
                pool[k] = generated.get(poolRandom.nextInt(generated.size()));
            }
            familyGoPools[f] = pool;
        }
    }

    /** Generates the data set for a seed (same seed, same data). */
    public static GeneUniverse generate(long seed) {
        return new SyntheticDataGenerator(seed).run();
    }

    private GeneUniverse run() {
        List<GenomeBlueprint> blueprints = blueprints();
        Map<Organism, List<Gene>> genes = new LinkedHashMap<>();
        Map<String, List<Draft>> draftsByOrganism = new HashMap<>();
        List<ExpressionExperiment> experiments = new ArrayList<>();
        for (GenomeBlueprint blueprint : blueprints) {
            ExpressionExperiment experiment = experimentOf(blueprint);
            if (experiment != null) {
                experiments.add(experiment);
            }
            List<Draft> sisterDrafts = blueprint.sister() == null ? null : draftsByOrganism.get(blueprint.sister());
            List<Draft> drafts = drafts(blueprint, sisterDrafts, new Random(seed * 31 + blueprint.organism().name().hashCode()));
            draftsByOrganism.put(blueprint.organism().name(), drafts);
            genes.put(blueprint.organism(), build(blueprint, drafts, experiment,
                    new Random(seed * 17 + blueprint.organism().abbreviation().hashCode())));
        }
        List<Organism> organisms = blueprints.stream().map(GenomeBlueprint::organism).toList();
        return new GeneUniverse(seed, organisms, genes, dag, pathways, List.copyOf(experiments));
    }

    // ---------------------------------------------------------------- genomes

    private static List<GenomeBlueprint> blueprints() {
        Organism pf = new Organism("Plasmodium falciparum 3D7", "pfal3D7", "PlasmoDB",
                List.of("Apicomplexa", "Haemosporida", "Plasmodium", "Plasmodium falciparum"), true, "Plasmodium");
        Organism pv = new Organism("Plasmodium vivax P01", "pvivP01", "PlasmoDB",
                List.of("Apicomplexa", "Haemosporida", "Plasmodium", "Plasmodium vivax"), false, "Plasmodium");
        Organism tg = new Organism("Toxoplasma gondii ME49", "tgonME49", "ToxoDB",
                List.of("Apicomplexa", "Coccidia", "Toxoplasma", "Toxoplasma gondii"), true, "Toxoplasma");
        Organism nc = new Organism("Neospora caninum Liverpool", "ncanLIV", "ToxoDB",
                List.of("Apicomplexa", "Coccidia", "Neospora", "Neospora caninum"), false, "Neospora");

        int[] pvCounts = new int[PF_GENES_PER_CHROMOSOME.length];
        for (int i = 0; i < pvCounts.length; i++) {
            pvCounts[i] = (int) Math.round(PF_GENES_PER_CHROMOSOME[i] * 0.93);
        }
        Map<StageBias, int[]> pfStages = Map.of(StageBias.GROWTH, new int[] {1, 2}, StageBias.INVASION, new int[] {3},
                StageBias.SEXUAL, new int[] {4, 5, 6});
        Map<StageBias, int[]> tgStages = Map.of(StageBias.GROWTH, new int[] {0, 1}, StageBias.INVASION, new int[] {0, 1, 5},
                StageBias.SEXUAL, new int[] {3, 4, 6});
        char[] pfLetters = "ABCDEFGHIJKLMN".toCharArray();
        return List.of(
                new GenomeBlueprint(pf, sequences("Pf3D7_%02d_v3", 14), PF_GENES_PER_CHROMOSOME,
                        (s, n, g) -> String.format(Locale.ROOT, "PF3D7_%02d%03d00", s + 1, n + 1), ".%d", null,
                        new GenomeBlueprint.ExperimentBlueprint("pfal3D7_Su_seven_stages_rnaSeq_RSRC",
                                "Transcriptomes of 7 sexual and asexual life stages (synthetic)",
                                List.of("Ring", "Early Trophozoite", "Late Trophozoite", "Schizont", "Gametocyte II",
                                        "Gametocyte V", "Ookinete")), pfStages,
                        (s, n, r) -> r.nextDouble() < 0.55
                                ? String.format(Locale.ROOT, "PF%c%04d%c", pfLetters[s], (n + 1) * 5, r.nextBoolean() ? 'w' : 'c')
                                : null),
                new GenomeBlueprint(pv, sequences("PvP01_%02d_v1", 14), pvCounts,
                        (s, n, g) -> String.format(Locale.ROOT, "PVP01_%02d%03d00", s + 1, n + 1), ".%d", pf.name(), null, Map.of(),
                        (s, n, r) -> r.nextDouble() < 0.6 ? String.format(Locale.ROOT, "PVX_%06d", r.nextInt(125_000) * 5) : null),
                new GenomeBlueprint(tg, coccidiaSequences("TGME49_chr"), share(7_600), (s, n, g) ->
                        String.format(Locale.ROOT, "TGME49_%06d", 200_010 + g * 10), "-t26_%d", null,
                        new GenomeBlueprint.ExperimentBlueprint("tgonME49_Tachy_Brady_time_series_rnaSeq_RSRC",
                                "Tachyzoite to bradyzoite differentiation time series (synthetic)",
                                List.of("Tachyzoite day 2", "Tachyzoite day 4", "Bradyzoite day 3", "Bradyzoite day 7",
                                        "Bradyzoite day 14", "Merozoite", "Oocyst")), tgStages,
                        (s, n, r) -> r.nextDouble() < 0.5 ? String.format(Locale.ROOT, "TGME49_0%05d", r.nextInt(99_999)) : null),
                new GenomeBlueprint(nc, coccidiaSequences("NcLIV_chr"), share(7_100), (s, n, g) ->
                        String.format(Locale.ROOT, "NCLIV_%06d", 10 + g * 10), "-t26_%d", tg.name(), null, Map.of(),
                        (s, n, r) -> null));
    }

    private static List<String> sequences(String format, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            ids.add(String.format(Locale.ROOT, format, i));
        }
        return ids;
    }

    private static List<String> coccidiaSequences(String prefix) {
        List<String> ids = new ArrayList<>();
        for (String c : CHROMOSOMES_COCCIDIA) {
            ids.add(prefix + c);
        }
        return ids;
    }

    private static int[] share(int total) {
        double sum = 0;
        for (double s : COCCIDIA_CHROMOSOME_SHARE) {
            sum += s;
        }
        int[] counts = new int[COCCIDIA_CHROMOSOME_SHARE.length];
        int assigned = 0;
        for (int i = 0; i < counts.length; i++) {
            counts[i] = (int) Math.floor(total * COCCIDIA_CHROMOSOME_SHARE[i] / sum);
            assigned += counts[i];
        }
        counts[counts.length - 1] += total - assigned;
        return counts;
    }

    private static ExpressionExperiment experimentOf(GenomeBlueprint blueprint) {
        if (blueprint.experiment() == null) {
            return null;
        }
        String title = blueprint.experiment().displayName().replace(" (synthetic)", "");
        return new ExpressionExperiment(blueprint.experiment().datasetName(), blueprint.experiment().displayName(),
                blueprint.organism(), List.of(title + " -   - Sense", title + " -   - Antisense"),
                blueprint.experiment().samples());
    }

    // ---------------------------------------------------------------- drafts: family, product and orthology

    /** What a gene is before its details are drawn: shared with the sister genome's mirrored gene. */
    private record Draft(String geneId, int sequence, int family, String productTemplate, int number, String group,
                         boolean syntenic, String fixedProfile) {
    }

    private List<Draft> drafts(GenomeBlueprint blueprint, List<Draft> sister, Random random) {
        List<Draft> drafts = new ArrayList<>();
        Organism organism = blueprint.organism();
        int total = blueprint.geneCount();
        int ordinal = 0;
        for (int s = 0; s < blueprint.genesPerSequence().length; s++) {
            for (int n = 0; n < blueprint.genesPerSequence()[s]; n++, ordinal++) {
                String id = blueprint.geneIds().geneId(s, n, ordinal);
                String[] fixed = organism.abbreviation().equals("pfal3D7") ? PF_FIXED.get(id) : null;
                if (fixed != null) {
                    int family = familyIndex.get(fixed[0]);
                    drafts.add(new Draft(id, s, family, fixed[1], 0, orthologGroup(random, family, fixed[1], 0.9),
                            false, fixed[2]));
                    continue;
                }
                Draft mirror = sister == null ? null : sister.get((int) ((long) ordinal * sister.size() / total));
                if (mirror != null && random.nextDouble() < 0.85 && families.get(mirror.family()).occursIn(organism)
                        && !families.get(mirror.family()).key().equals("variant-antigen")) {
                    String group = mirror.group() != null ? mirror.group() : newGroup();
                    drafts.add(new Draft(id, s, mirror.family(), mirror.productTemplate(), mirror.number(), group, true, ""));
                    continue;
                }
                int family = pickFamily(random, organism);
                List<String> products = families.get(family).products();
                String template = products.get(random.nextInt(products.size()));
                int number = 1 + random.nextInt(40);
                double groupChance = family == 0 ? 0.55 : 0.85;
                drafts.add(new Draft(id, s, family, template, number, orthologGroup(random, family, template, groupChance),
                        false, ""));
            }
        }
        return drafts;
    }

    private int pickFamily(Random random, Organism organism) {
        double total = 0;
        for (GeneFamily f : families) {
            if (f.occursIn(organism)) {
                total += f.weight();
            }
        }
        double r = random.nextDouble() * total;
        for (int i = 0; i < families.size(); i++) {
            GeneFamily f = families.get(i);
            if (!f.occursIn(organism)) {
                continue;
            }
            r -= f.weight();
            if (r <= 0) {
                return i;
            }
        }
        return 0;
    }

    /**
     * Conserved products join an existing group of the same product half of the time (orthologs across
     * genera, e.g. a P. falciparum and a T. gondii enolase); variant antigen families share one group
     * per product (paralog families); otherwise a new group or none.
     */
    private String orthologGroup(Random random, int family, String template, double chance) {
        if (random.nextDouble() >= chance) {
            return null;
        }
        if (families.get(family).key().equals("variant-antigen")) {
            return groupsByProduct.computeIfAbsent(template, k -> new ArrayList<>(List.of(newGroup()))).get(0);
        }
        List<String> existing = groupsByProduct.computeIfAbsent(template, k -> new ArrayList<>());
        if (family != 0 && !existing.isEmpty() && random.nextDouble() < 0.5) {
            String candidate = existing.get(random.nextInt(existing.size()));
            if (groupUse.merge(candidate, 1, Integer::sum) <= 2) {
                return candidate;
            }
        }
        String group = newGroup();
        existing.add(group);
        return group;
    }

    private String newGroup() {
        // OrthoMCL 7 ids are sparse; a fixed stride keeps them realistic-looking and unique
        return String.format(Locale.ROOT, "OG7_%07d", 10 + 37 * nextGroup++);
    }

    // ---------------------------------------------------------------- genes

    private List<Gene> build(GenomeBlueprint blueprint, List<Draft> drafts, ExpressionExperiment experiment, Random random) {
        Organism organism = blueprint.organism();
        boolean coccidia = organism.genus().equals("Toxoplasma") || organism.genus().equals("Neospora");
        List<Gene> genes = new ArrayList<>(drafts.size());
        int[] cursor = new int[blueprint.sequenceIds().size()];
        int[] ordinalOnSequence = new int[cursor.length];
        String previousShared = null;
        for (Draft draft : drafts) {
            GeneFamily family = families.get(draft.family());
            String geneType = draft.fixedProfile().isEmpty() && draft.family() == 0 ? drawGeneType(random) : Gene.PROTEIN_CODING;
            boolean coding = Gene.PROTEIN_CODING.equals(geneType);
            String[] productAndSymbol = product(draft, organism, geneType);
            int exons = coding ? 1 + geometric(random, coccidia ? 0.16 : 0.45, coccidia ? 40 : 20) : 1;
            int length = coding ? (int) Math.max(50, Math.min(5000, Math.exp(Math.log(coccidia ? 520 : 600) + random.nextGaussian() * 0.6))) : 0;
            if (family.key().equals("variant-antigen") && productAndSymbol[0].contains("PfEMP1")) {
                length = 2500 + random.nextInt(1500);
            }
            int span = coding ? length * 3 + (exons - 1) * (80 + random.nextInt(320)) : 70 + random.nextInt(2000);
            int s = draft.sequence();
            int start = cursor[s] == 0 ? 1_000 + random.nextInt(20_000) : cursor[s] + 300 + random.nextInt(3_700);
            int end = start + span;
            cursor[s] = end;
            int transcriptCount = coding && random.nextDouble() < 0.09 ? 2 : 1;
            List<String> transcripts = new ArrayList<>();
            for (int t = 1; t <= transcriptCount; t++) {
                transcripts.add(draft.geneId() + String.format(Locale.ROOT, blueprint.transcriptSuffix(), t));
            }
            double weight = coding ? Math.round(length * 110.0 + random.nextGaussian() * 400) : 0;
            int tm = coding ? family.minTm() + random.nextInt(Math.max(1, family.maxTm() - family.minTm() + 1)) : 0;
            if (coding && draft.family() == 0 && random.nextDouble() < 0.1) {
                tm = 1 + random.nextInt(3);
            }
            boolean signalPeptide = coding && random.nextDouble() < family.signalPeptideProbability();
            List<String> ec = coding && family.ecPrefix() != null
                    ? List.of(family.ecPrefix() + "." + (1 + Math.floorMod(draft.productTemplate().hashCode(), 60)))
                    : List.of();
            String previous = blueprint.previousIds().previousId(s, ordinalOnSequence[s]++, random);
            List<String> previousIds;
            if (previous != null && previousShared != null && random.nextDouble() < 0.01) {
                previousIds = List.of(previous, previousShared); // a retired id split into two genes: look-ups answer 300
            } else {
                previousIds = previous == null ? List.of() : List.of(previous);
            }
            previousShared = previous;
            String name = productAndSymbol[1] != null && (random.nextDouble() < 0.6 || !draft.fixedProfile().isEmpty())
                    ? productAndSymbol[1] : null;
            boolean forward = random.nextBoolean();
            genes.add(new Gene(draft.geneId(), organism, name, productAndSymbol[0], geneType,
                    blueprint.sequenceIds().get(s), start, end, forward, List.copyOf(transcripts), exons, length,
                    weight, tm, signalPeptide, ec, coding ? annotations(random, draft) : List.of(),
                    coding ? pathwaysOf(random, draft) : new int[0],
                    experiment == null ? null : expression(random, blueprint, family, draft, coding),
                    draft.group(), draft.syntenic(), previousIds, draft.family(),
                    Gene.locationText(blueprint.sequenceIds().get(s), start, end, forward)));
        }
        return List.copyOf(genes);
    }

    private static String drawGeneType(Random random) {
        double r = random.nextDouble();
        if (r < 0.86) {
            return Gene.PROTEIN_CODING;
        } else if (r < 0.905) {
            return "ncRNA gene";
        } else if (r < 0.94) {
            return "tRNA gene";
        } else if (r < 0.952) {
            return "rRNA gene";
        } else if (r < 0.96) {
            return "snRNA gene";
        }
        return "pseudogene";
    }

    private static String[] product(Draft draft, Organism organism, String geneType) {
        if (!Gene.PROTEIN_CODING.equals(geneType)) {
            return switch (geneType) {
                case "tRNA gene" -> new String[] {"tRNA " + "ACDEFGHIKLMNPQRSTVWY".charAt(draft.number() % 20), null};
                case "rRNA gene" -> new String[] {"5.8S ribosomal RNA", null};
                case "snRNA gene" -> new String[] {"U" + (1 + draft.number() % 6) + " spliceosomal RNA", null};
                case "pseudogene" -> new String[] {organism.genus() + " protein, pseudogene", null};
                default -> new String[] {"non-coding RNA, unknown function", null};
            };
        }
        String[] parts = draft.productTemplate().split("\\|", 2);
        String n = String.valueOf(draft.number());
        String description = parts[0].replace("{n}", n).replace("{genus}", organism.genus());
        String symbol = parts.length > 1 ? parts[1].replace("{n}", n) : null;
        return new String[] {description, symbol};
    }

    private List<GoAnnotation> annotations(Random random, Draft draft) {
        List<GoAnnotation> result = new ArrayList<>();
        GeneFamily family = families.get(draft.family());
        if (draft.family() == 0 && random.nextDouble() < 0.45) {
            return List.of();
        }
        for (String id : family.goIds()) {
            if (random.nextDouble() < 0.9) {
                result.add(new GoAnnotation(dag.find(id).index(), evidence(random)));
            }
        }
        int[] pool = familyGoPools[draft.family()];
        int extra = random.nextInt(draft.family() == 0 ? 3 : 4);
        for (int k = 0; k < extra; k++) {
            result.add(new GoAnnotation(pool[random.nextInt(pool.length)], evidence(random)));
        }
        if (random.nextDouble() < 0.3) {
            result.add(new GoAnnotation(random.nextInt(dag.terms().size() - 3) + 3, "IEA"));
        }
        return List.copyOf(result);
    }

    private static String evidence(Random random) {
        double r = random.nextDouble();
        return r < 0.62 ? "IEA" : r < 0.8 ? "ISS" : r < 0.92 ? "IDA" : "TAS";
    }

    private int[] pathwaysOf(Random random, Draft draft) {
        String key = families.get(draft.family()).key();
        boolean enzyme = key.equals("metabolism") || key.equals("oxidoreductase")
                || ((key.equals("kinase") || key.equals("signalling")) && random.nextDouble() < 0.2);
        if (!enzyme) {
            return new int[0];
        }
        // pathways follow the product, so the same enzyme is in the same pathways in every organism
        Random byProduct = new Random(seed + draft.productTemplate().hashCode());
        int count = 1 + byProduct.nextInt(3);
        int[] result = new int[count];
        for (int i = 0; i < count; i++) {
            result[i] = byProduct.nextInt(pathways.size());
        }
        return java.util.Arrays.stream(result).distinct().toArray();
    }

    private static float[] expression(Random random, GenomeBlueprint blueprint, GeneFamily family, Draft draft, boolean coding) {
        int samples = blueprint.experiment().samples().size();
        double base = coding ? 4.5 + random.nextGaussian() * 2.0 : 2.0 + random.nextGaussian() * 1.5;
        boolean[] peak = new boolean[samples];
        double amplitude = Math.abs(random.nextGaussian() * 1.4);
        int[] biased = blueprint.stageSamples().get(family.bias());
        if ("sexual".equals(draft.fixedProfile())) {
            biased = blueprint.stageSamples().get(StageBias.SEXUAL);
            amplitude = 4.5 + random.nextDouble();
            base = Math.max(base, 5.0);
        } else if ("flat".equals(draft.fixedProfile())) {
            amplitude = 0.1;
            base = Math.max(base, 8.0);
        }
        if (biased != null && (random.nextDouble() < 0.7 || !draft.fixedProfile().isEmpty())) {
            for (int i : biased) {
                peak[i] = true;
            }
            amplitude += draft.fixedProfile().isEmpty() ? 1.5 : 0;
        } else {
            peak[random.nextInt(samples)] = true;
        }
        float[] values = new float[samples];
        for (int i = 0; i < samples; i++) {
            double log2 = base + (peak[i] ? amplitude : -0.3 * amplitude) + random.nextGaussian() * 0.35;
            values[i] = (float) Math.max(0, Math.round((Math.pow(2, log2) - 1) * 100) / 100.0);
        }
        return values;
    }

    private static int geometric(Random random, double p, int cap) {
        int n = 0;
        while (n < cap && random.nextDouble() > p) {
            n++;
        }
        return n;
    }
}
