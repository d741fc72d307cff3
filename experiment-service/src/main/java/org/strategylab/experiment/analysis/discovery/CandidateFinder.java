package org.strategylab.experiment.analysis.discovery;

import io.smallrye.mutiny.Uni;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.strategylab.evaluation.model.OptimizationSpec;
import org.strategylab.experiment.api.DiscoveryOutcome.Feature;
import org.strategylab.experiment.api.DiscoveryOutcome.Profile;
import org.strategylab.experiment.client.UpstreamGateway;
import org.strategylab.upstream.api.ParamSpec;
import org.strategylab.upstream.api.SearchParamSpecs;
import org.strategylab.upstream.api.SearchSummary;
import org.strategylab.upstream.api.VocabularyHit;
import org.strategylab.upstream.api.VocabularyTerm;

/**
 * The second phase's proposals: searches of the site's catalogue that match the profile, with values.
 * The catalogue is searched by meaning on the profile's words (its distinctive product words, GO term
 * names, gene type, and "organism"); each search found gets its parameters from the site and values
 * from the profile: its organism parameter the positives' organisms, its topic parameter (a type-ahead
 * vocabulary, else a required free-text parameter) the values that found it (the GO terms the
 * positives share, the vocabulary's best match for the word, or the word itself), a small vocabulary
 * the gene types the positives share; everything else keeps the site's default. A search that takes
 * an input step or dataset, or a required text nothing fills, is left out.
 */
final class CandidateFinder {

    /** Catalogue matches taken per query. */
    static final int SEARCHES_PER_QUERY = 4;
    /** Distinct searches whose parameters are read. */
    static final int MAX_SEARCHES = 12;
    /** Values of one search's topic parameter tried. */
    static final int VALUES_PER_SEARCH = 6;
    /** Product words searched for: a target of two families has the words of both. */
    static final int WORDS = 6;
    /** Words looked up in one search's type-ahead vocabulary. */
    static final int LOOKUPS_PER_SEARCH = 4;
    /** A vocabulary this long or longer is searched, not listed. */
    private static final int SMALL_VOCABULARY = 50;

    private final UpstreamGateway upstream;
    private final String token;
    private final String siteId;
    private final String recordType;
    private final SiteCalls calls;

    CandidateFinder(UpstreamGateway upstream, String token, String siteId, String recordType, SiteCalls calls) {
        this.upstream = upstream;
        this.token = token;
        this.siteId = siteId;
        this.recordType = recordType;
        this.calls = calls;
    }

    /** A catalogue query and what in the profile it comes from. */
    record Query(String text, String source, boolean word) {
    }

    /** The queries a profile gives, most distinctive first. */
    static List<Query> queries(Profile profile) {
        List<Query> queries = new ArrayList<>();
        profile.productWords().stream().filter(f -> f.distinctiveness() > 0).limit(WORDS)
                .forEach(f -> queries.add(new Query(f.value(), "product word '" + f.value() + "'", true)));
        profile.goTerms().stream().filter(f -> f.distinctiveness() > 0).limit(3)
                .forEach(f -> queries.add(new Query(f.label(), "GO term " + f.value(), false)));
        profile.geneTypes().stream().filter(f -> f.distinctiveness() > 0.2).limit(1)
                .forEach(f -> queries.add(new Query(f.label().replace('_', ' ') + " gene type", "gene type " + f.value(), false)));
        queries.add(new Query("organism", "organism", false));
        return queries;
    }

    /** The proposals, at most {@code max}, in the order found. */
    Uni<List<SearchProposal>> propose(Profile profile, int max) {
        List<Query> queries = queries(profile);
        Map<String, List<Query>> foundBy = new LinkedHashMap<>();
        return calls.<Query, List<SearchSummary>>each(queries,
                query -> upstream.catalogueSearches(token, siteId, recordType, query.text(), SEARCHES_PER_QUERY),
                (outcome, count) -> Uni.createFrom().voidItem()).chain(found -> {
            for (SiteCalls.Outcome<Query, List<SearchSummary>> outcome : found) {
                if (outcome.answer() == null) {
                    continue;
                }
                for (SearchSummary search : outcome.answer()) {
                    if ((search.kind() == null || "search".equals(search.kind()))
                            && (foundBy.containsKey(search.name()) || foundBy.size() < MAX_SEARCHES)) {
                        foundBy.computeIfAbsent(search.name(), k -> new ArrayList<>()).add(outcome.item());
                    }
                }
            }
            List<String> searches = List.copyOf(foundBy.keySet());
            return calls.<String, SearchParamSpecs>each(searches, name -> upstream.paramSpecs(token, siteId, recordType, name),
                    (outcome, count) -> Uni.createFrom().voidItem());
        }).chain(specs -> {
            List<Plan> plans = new ArrayList<>();
            for (SiteCalls.Outcome<String, SearchParamSpecs> outcome : specs) {
                if (outcome.answer() != null) {
                    Plan plan = plan(outcome.answer(), foundBy.get(outcome.item()), profile);
                    if (plan != null) {
                        plans.add(plan);
                    }
                }
            }
            List<Lookup> lookups = new ArrayList<>();
            for (Plan plan : plans) {
                lookups.addAll(plan.lookups());
            }
            return calls.<Lookup, List<VocabularyHit>>each(lookups, lookup -> upstream.vocabulary(token, siteId, recordType,
                            lookup.plan().specs().searchName(), lookup.plan().topic().name(), lookup.word(), 2),
                    (outcome, count) -> Uni.createFrom().voidItem()).map(hits -> {
                for (SiteCalls.Outcome<Lookup, List<VocabularyHit>> hit : hits) {
                    if (hit.answer() != null) {
                        hit.answer().stream().filter(VocabularyHit::leaf).forEach(term -> hit.item().plan().values()
                                .putIfAbsent(term.term(), term.display() == null ? term.term() : term.display()));
                    }
                }
                Map<String, SearchProposal> proposals = new LinkedHashMap<>();
                for (Plan plan : plans) {
                    for (SearchProposal proposal : plan.proposals()) {
                        if (proposals.size() < max) {
                            proposals.putIfAbsent(proposal.key(), proposal);
                        }
                    }
                }
                return List.copyOf(proposals.values());
            });
        });
    }

    /** A vocabulary look-up of one word for a plan's topic parameter. */
    record Lookup(Plan plan, String word) {
    }

    /**
     * How one search is filled.
     *
     * @param base   the values every proposal of it has (organism, gene types)
     * @param topic  the parameter whose values make its proposals, or null for one proposal
     * @param values the topic's values found so far, value to label
     * @param words  the words to look up in the topic's vocabulary
     */
    record Plan(SearchParamSpecs specs, String displayName, String source, Map<String, Object> base, ParamSpec topic,
                Map<String, String> values, List<String> words, boolean vocabularyTopic, List<OptimizationSpec> tunable) {

        List<Lookup> lookups() {
            List<Lookup> lookups = new ArrayList<>();
            if (vocabularyTopic) {
                words.forEach(word -> lookups.add(new Lookup(this, word)));
            }
            return lookups;
        }

        List<SearchProposal> proposals() {
            String organisms = base.entrySet().stream().filter(e -> isOrganism(e.getKey()))
                    .map(e -> e.getValue() instanceof List<?> list ? String.join(", ", list.stream().map(String::valueOf).toList())
                            : String.valueOf(e.getValue()))
                    .findFirst().map(o -> " (" + o + ")").orElse("");
            if (topic == null) {
                return List.of(new SearchProposal(specs.searchName(), base, displayName + organisms, source, tunable));
            }
            List<SearchProposal> proposals = new ArrayList<>();
            values.entrySet().stream().limit(VALUES_PER_SEARCH).forEach(value -> {
                Map<String, Object> parameters = new LinkedHashMap<>(base);
                parameters.put(topic.name(), vocabularyTopic && Boolean.TRUE.equals(topic.multiPick())
                        ? List.of(value.getKey()) : value.getKey());
                proposals.add(new SearchProposal(specs.searchName(), parameters,
                        displayName + ": " + value.getValue() + organisms, source, tunable));
            });
            return proposals;
        }
    }

    /** The plan of one search, or null when discovery cannot fill it. */
    static Plan plan(SearchParamSpecs specs, List<Query> foundBy, Profile profile) {
        Map<String, Object> base = new LinkedHashMap<>();
        ParamSpec topic = null;
        boolean vocabularyTopic = false;
        List<OptimizationSpec> tunable = new ArrayList<>();
        for (ParamSpec param : specs.parameters()) {
            String type = lower(param.type());
            if (type.startsWith("input-")) {
                return null;
            }
            if (Boolean.TRUE.equals(param.isReadOnly()) || Boolean.FALSE.equals(param.isVisible())) {
                continue;
            }
            if (("number".equals(type) || ("string".equals(type) && Boolean.TRUE.equals(param.isNumber())))
                    && param.min() != null && param.max() != null && param.max() > param.min()
                    && param.initialDisplayValue() != null && !param.initialDisplayValue().isBlank()) {
                // its default set as it is, so that the tuning starts from the search as found
                base.put(param.name(), param.initialDisplayValue());
                tunable.add(new OptimizationSpec(param.name(), Boolean.TRUE.equals(param.isInteger()) ? "integer" : "numeric",
                        param.min(), param.max(), null, null));
                continue;
            }
            boolean vocabulary = type.contains("vocabulary");
            if (vocabulary && isOrganism(param.name())) {
                List<String> organisms = profile.organisms().stream().map(Feature::value).toList();
                if (!organisms.isEmpty()) {
                    base.put(param.name(), Boolean.TRUE.equals(param.multiPick()) ? organisms : organisms.get(0));
                }
            } else if (vocabulary && isLarge(param)) {
                if (topic == null || !vocabularyTopic) {
                    topic = param;
                    vocabularyTopic = true;
                }
            } else if (vocabulary) {
                Set<String> terms = leaves(param.vocabulary());
                List<String> shared = profile.geneTypes().stream().filter(f -> f.distinctiveness() >= 0)
                        .map(Feature::value).filter(terms::contains).toList();
                if (!shared.isEmpty()) {
                    base.put(param.name(), Boolean.TRUE.equals(param.multiPick()) ? shared : shared.get(0));
                }
            } else if ("string".equals(type) && !Boolean.TRUE.equals(param.isNumber())
                    && !Boolean.TRUE.equals(param.allowEmptyValue()) && topic == null) {
                topic = param;
            }
        }
        String displayName = specs.displayName() == null ? specs.searchName() : specs.displayName();
        String source = "catalogue: " + String.join("; ", foundBy.stream().map(Query::source).distinct().toList());
        Map<String, String> values = new LinkedHashMap<>();
        List<String> words = new ArrayList<>();
        if (topic != null) {
            if (vocabularyTopic && lower(topic.name()).contains("go")) {
                // every distinctive GO term the profile kept: each is one cheap count, and a target
                // made of two families needs the terms of both
                profile.goTerms().stream().filter(f -> f.distinctiveness() > 0)
                        .forEach(f -> values.put(f.value(), f.label()));
            }
            Set<String> texts = new LinkedHashSet<>();
            foundBy.stream().filter(Query::word).forEach(q -> texts.add(q.text()));
            if (texts.isEmpty()) {
                profile.productWords().stream().filter(f -> f.distinctiveness() > 0).limit(2).forEach(f -> texts.add(f.value()));
            }
            if (vocabularyTopic) {
                words.addAll(texts.stream().limit(LOOKUPS_PER_SEARCH).toList());
            } else {
                texts.stream().limit(VALUES_PER_SEARCH).forEach(t -> values.put(t, "'" + t + "'"));
                if (values.isEmpty()) {
                    return null;
                }
            }
        }
        return new Plan(specs, displayName, source, base, topic, values, words, vocabularyTopic, List.copyOf(tunable));
    }

    static boolean isOrganism(String name) {
        return lower(name).contains("organism");
    }

    private static boolean isLarge(ParamSpec param) {
        String display = param.displayType() == null ? "" : param.displayType();
        return display.equalsIgnoreCase("typeAhead") || param.vocabulary() == null
                || leaves(param.vocabulary()).size() >= SMALL_VOCABULARY;
    }

    private static Set<String> leaves(List<VocabularyTerm> terms) {
        Set<String> leaves = new LinkedHashSet<>();
        if (terms != null) {
            for (VocabularyTerm term : terms) {
                if (term.children() == null || term.children().isEmpty()) {
                    leaves.add(term.term());
                } else {
                    leaves.addAll(leaves(term.children()));
                }
            }
        }
        return leaves;
    }

    private static String lower(String text) {
        return text == null ? "" : text.toLowerCase(Locale.ROOT);
    }
}
