package org.strategylab.experiment.api.constraints;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A number at most, or a list of at most, the configured {@link Setting}; null is valid. The refusal
 * names the setting's key ({@code at most 2000 iterations (strategylab.experiments.runs.max-bootstrap-iterations)}).
 */
@Documented
@Constraint(validatedBy = AtMostSettingValidator.class)
@Target({ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
        ElementType.TYPE_USE})
@Retention(RetentionPolicy.RUNTIME)
public @interface AtMostSetting {

    /** The setting that holds the limit. */
    Setting value();

    /** Unused: the validator writes the message, with the limit and its key. */
    String message() default "over the configured limit";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
