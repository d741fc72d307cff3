package org.strategylab.evaluation.metrics;

import org.strategylab.evaluation.ids.IdNormaliser;
import org.strategylab.evaluation.model.RecordClass;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * Labels upstream records TP/FP/FN/TN (rule 4.5.4; evaluation-semantics 1.4). Candidates are the
 * trimmed ID, then its version-stripped form; for each candidate in that order the TP, FP, FN and TN
 * sets are tested and the first hit wins, so an exact match in FN beats a stripped match in TP.
 */
public final class RecordClassifier {
    private final Set<String> tp;
    private final Set<String> fp;
    private final Set<String> fn;
    private final Set<String> tn;

    /** Builds the classifier from the experiment's four (full) gene lists. */
    public RecordClassifier(Collection<String> truePositives, Collection<String> falsePositives,
                            Collection<String> falseNegatives, Collection<String> trueNegatives) {
        this.tp = new HashSet<>(IdNormaliser.clean(truePositives));
        this.fp = new HashSet<>(IdNormaliser.clean(falsePositives));
        this.fn = new HashSet<>(IdNormaliser.clean(falseNegatives));
        this.tn = new HashSet<>(IdNormaliser.clean(trueNegatives));
    }

    /** The class of a record's primary key, or null when it is in none of the four sets. */
    public RecordClass classify(String primaryKey) {
        String id = IdNormaliser.trim(primaryKey);
        if (id == null) {
            return null;
        }
        RecordClass exact = lookup(id);
        if (exact != null) {
            return exact;
        }
        String stripped = IdNormaliser.versionStripped(id);
        return stripped == null ? null : lookup(stripped);
    }

    private RecordClass lookup(String candidate) {
        if (tp.contains(candidate)) {
            return RecordClass.TP;
        }
        if (fp.contains(candidate)) {
            return RecordClass.FP;
        }
        if (fn.contains(candidate)) {
            return RecordClass.FN;
        }
        if (tn.contains(candidate)) {
            return RecordClass.TN;
        }
        return null;
    }
}
