package org.strategylab.experiment.api;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import java.util.List;
import org.hibernate.validator.constraints.Range;
import org.strategylab.experiment.api.constraints.AtMostSetting;
import org.strategylab.experiment.api.constraints.Choices;
import org.strategylab.experiment.api.constraints.GeneIdList;
import org.strategylab.experiment.api.constraints.Setting;

/**
 * What a caller sends to discover a strategy from control genes ({@code POST /api/v1/strategy-discovery}).
 * Each field's own rule is a constraint here (a 400 naming the field); what needs the site, the other
 * fields or stored data (a control in both lists, too few known positives, a floor without its
 * objective) is checked by the discovery service (422).
 *
 * @param siteId           the site (required)
 * @param recordType       the record type of the searches (default {@code transcript})
 * @param positiveControls genes the strategy should find (or from {@code controlSetId})
 * @param negativeControls genes it should not find (optional; or from {@code controlSetId})
 * @param controlSetId     a control set of the caller (or a public one) of the same site, filling the lists not given
 * @param objective        {@code f1} (default), {@code mcc}, {@code precision} or {@code recall_at_precision}
 * @param precisionFloor   the precision {@code recall_at_precision} must keep, in (0, 1]; only with it
 * @param maxSteps         the most searches a proposed strategy combines (1–5, default 3)
 * @param budget           the most site calls the discovery makes (20 to {@code discovery.max-budget}; default {@code discovery.default-budget})
 * @param seed             the seed of the controls' folds (default 42)
 * @param top              how many strategies the result lists (1–20, default 5)
 */
public record DiscoveryRequest(
        @NotBlank String siteId,
        String recordType,
        @AtMostSetting(Setting.CONTROL_IDS) @GeneIdList(atLeastOne = true) List<String> positiveControls,
        @AtMostSetting(Setting.CONTROL_IDS) @GeneIdList List<String> negativeControls,
        String controlSetId,
        @Pattern(regexp = Choices.DISCOVERY_OBJECTIVES, message = Choices.DISCOVERY_OBJECTIVES_REFUSAL) String objective,
        @DecimalMin(value = "0", inclusive = false) @DecimalMax("1") Double precisionFloor,
        @Range(min = 1, max = 5) Integer maxSteps,
        @Range(min = 20, max = Integer.MAX_VALUE) @AtMostSetting(Setting.DISCOVERY_BUDGET) Integer budget,
        @PositiveOrZero Long seed,
        @Range(min = 1, max = 20) Integer top) {

    /** The same request with the controls replaced (the resolved lists a worker counts). */
    public DiscoveryRequest withControls(List<String> positives, List<String> negatives) {
        return new DiscoveryRequest(siteId, recordType, positives, negatives, controlSetId, objective, precisionFloor,
                maxSteps, budget, seed, top);
    }
}
