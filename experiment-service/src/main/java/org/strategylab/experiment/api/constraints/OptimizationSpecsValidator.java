package org.strategylab.experiment.api.constraints;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.List;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.model.OptimizationSpec;
import org.strategylab.evaluation.optimization.ParameterSpace;

/**
 * Checks {@link OptimizationSpecs} with evaluation-core's own checks ({@link ParameterSpace#of}),
 * its field ({@code specs[1].min}) turned into the spec's node ({@code …/1/min}). Specs of which one
 * has no name are left to the site check, which names the parameters the search has.
 */
public class OptimizationSpecsValidator implements ConstraintValidator<OptimizationSpecs, List<OptimizationSpec>> {

    @Override
    public boolean isValid(List<OptimizationSpec> specs, ConstraintValidatorContext context) {
        if (specs == null || specs.isEmpty() || specs.contains(null)) {
            // a null spec is the element's own constraint
            return true;
        }
        if (specs.stream().anyMatch(spec -> spec.name() == null || spec.name().isBlank())) {
            // a spec without a name is answered with the search's parameters the site declares
            // (TunableParameters), which only the site knows
            return true;
        }
        try {
            ParameterSpace.of(specs);
            return true;
        } catch (ValidationException e) {
            Refusals.atElement(context, e);
            return false;
        }
    }
}
