package org.strategylab.experiment.api.constraints;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Checks {@link NoRepeats}: every value after its first occurrence is refused at its index. */
public class NoRepeatsValidator implements ConstraintValidator<NoRepeats, List<?>> {

    @Override
    public boolean isValid(List<?> values, ConstraintValidatorContext context) {
        if (values == null) {
            return true;
        }
        Set<Object> seen = new HashSet<>();
        boolean valid = true;
        for (int i = 0; i < values.size(); i++) {
            Object value = values.get(i);
            if (value != null && !seen.add(value)) {
                if (valid) {
                    context.disableDefaultConstraintViolation();
                    valid = false;
                }
                context.buildConstraintViolationWithTemplate(Messages.literal("repeats '" + value + "'"))
                        .addBeanNode().inIterable().atIndex(i)
                        .addConstraintViolation();
            }
        }
        return valid;
    }
}
