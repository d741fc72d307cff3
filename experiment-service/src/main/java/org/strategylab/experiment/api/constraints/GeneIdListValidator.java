package org.strategylab.experiment.api.constraints;

import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.List;
import org.strategylab.evaluation.ids.IdNormaliser;

/** Checks {@link GeneIdList}. */
public class GeneIdListValidator implements ConstraintValidator<GeneIdList, List<String>> {

    private boolean atLeastOne;

    @Override
    public void initialize(GeneIdList annotation) {
        atLeastOne = annotation.atLeastOne();
    }

    @Override
    public boolean isValid(List<String> ids, ConstraintValidatorContext context) {
        if (ids == null) {
            return true;
        }
        if (ids.stream().anyMatch(id -> id == null)) {
            return false;
        }
        if (atLeastOne && IdNormaliser.clean(ids).isEmpty()) {
            context.disableDefaultConstraintViolation();
            context.buildConstraintViolationWithTemplate("must contain at least one gene ID").addConstraintViolation();
            return false;
        }
        return true;
    }
}
