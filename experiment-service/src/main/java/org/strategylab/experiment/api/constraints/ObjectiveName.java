package org.strategylab.experiment.api.constraints;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An optimisation objective evaluation-core knows ({@code Objective.parse}): {@code precision_at_K},
 * {@code recall_at_K}, {@code enrichment_at_K} or a classification metric. Null (the default) is valid.
 */
@Documented
@Constraint(validatedBy = ObjectiveNameValidator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface ObjectiveName {

    String message() default "unknown objective";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
