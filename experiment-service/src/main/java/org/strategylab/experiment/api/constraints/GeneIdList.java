package org.strategylab.experiment.api.constraints;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A list of gene IDs as a caller types them: no null in it, and with {@code atLeastOne} at least
 * one ID once trimmed (blanks name no gene). Null (the list left out) is valid. The refusal names the
 * list, never an index: the IDs are cleaned as a whole ({@code IdNormaliser}).
 */
@Documented
@Constraint(validatedBy = GeneIdListValidator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface GeneIdList {

    /** Whether the list, when given, must name at least one gene. */
    boolean atLeastOne() default false;

    String message() default "must not contain null";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
