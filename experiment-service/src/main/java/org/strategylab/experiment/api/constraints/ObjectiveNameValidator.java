package org.strategylab.experiment.api.constraints;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import org.strategylab.evaluation.ValidationException;
import org.strategylab.evaluation.optimization.Objective;

/** Checks {@link ObjectiveName} with evaluation-core's own parser, and refuses with its sentence. */
public class ObjectiveNameValidator implements ConstraintValidator<ObjectiveName, String> {

    @Override
    public boolean isValid(String name, ConstraintValidatorContext context) {
        if (name == null) {
            return true;
        }
        try {
            Objective.parse(name);
            return true;
        } catch (ValidationException e) {
            context.disableDefaultConstraintViolation();
            context.buildConstraintViolationWithTemplate(Messages.literal(Refusals.message(e))).addConstraintViolation();
            return false;
        }
    }
}
