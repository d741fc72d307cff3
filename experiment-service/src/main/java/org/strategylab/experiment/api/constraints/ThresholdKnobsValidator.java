package org.strategylab.experiment.api.constraints;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.List;
import org.strategylab.evaluation.model.ThresholdKnob;

/**
 * Checks {@link ThresholdKnobs}: the rules of evaluation-core's tree optimiser that need no tree, in
 * its words, each refusal at the knob's field. A knob without its parameter is answered with the
 * site's numeric parameters of the step's search ({@code TunableParameters}), so it is left to that.
 */
public class ThresholdKnobsValidator implements ConstraintValidator<ThresholdKnobs, List<ThresholdKnob>> {

    @Override
    public boolean isValid(List<ThresholdKnob> knobs, ConstraintValidatorContext context) {
        if (knobs == null) {
            return true;
        }
        boolean valid = true;
        for (int i = 0; i < knobs.size(); i++) {
            ThresholdKnob knob = knobs.get(i);
            String field = null;
            String message = null;
            if (knob == null) {
                message = "must be a knob {stepId, paramName, minVal, maxVal, stepSize?}";
            } else if (!(knob.minVal() <= knob.maxVal()) || !Double.isFinite(knob.minVal())
                    || !Double.isFinite(knob.maxVal())) {
                field = "maxVal";
                message = "must be finite and ≥ minVal";
            } else if (knob.stepSize() != null && !(knob.stepSize() > 0)) {
                field = "stepSize";
                message = "must be > 0";
            }
            if (message != null) {
                if (valid) {
                    context.disableDefaultConstraintViolation();
                    valid = false;
                }
                Refusals.at(context, i, field, message);
            }
        }
        return valid;
    }
}
