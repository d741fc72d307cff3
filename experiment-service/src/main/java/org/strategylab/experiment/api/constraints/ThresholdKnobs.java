package org.strategylab.experiment.api.constraints;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Tree-optimisation threshold knobs as far as they can be checked without the tree and the site: each
 * with a finite range whose {@code maxVal} is at least its {@code minVal} and a positive
 * {@code stepSize} when given. The refusal names the knob's field ({@code /thresholdKnobs/0/maxVal}).
 * Whether the step exists, and which parameter it may tune, needs the tree and the site.
 */
@Documented
@Constraint(validatedBy = ThresholdKnobsValidator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface ThresholdKnobs {

    String message() default "invalid knob";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
