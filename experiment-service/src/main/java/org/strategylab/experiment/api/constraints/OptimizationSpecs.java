package org.strategylab.experiment.api.constraints;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Parameter-optimisation specs as evaluation-core checks them on their own ({@code ParameterSpace.of}):
 * each name given once, a type of {@code numeric}, {@code integer} or {@code categorical}, its
 * choices or its finite range and step. The refusal names the spec's field ({@code /specs/0/type}).
 * Null or empty is valid here: whether specs are required is the request's rule.
 */
@Documented
@Constraint(validatedBy = OptimizationSpecsValidator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface OptimizationSpecs {

    String message() default "invalid specs";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
