package org.strategylab.experiment.api.constraints;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * No value given twice in a list; each repeat is named by its index ({@code /enrichmentTypes/2:
 * repeats 'pathway'}). Null is valid.
 */
@Documented
@Constraint(validatedBy = NoRepeatsValidator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface NoRepeats {

    String message() default "repeats a value";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
