package org.strategylab.experiment.api.constraints;

import io.smallrye.config.SmallRyeConfig;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import java.util.Collection;
import org.eclipse.microprofile.config.ConfigProvider;
import org.strategylab.experiment.config.ExperimentConfig;

/**
 * Checks {@link AtMostSetting} against the configured limit. The limits are read from the running
 * configuration ({@code strategylab.experiments.*}) when none was handed to the constructor, so a
 * service validates with its own settings and a unit test with the ones it builds.
 */
public class AtMostSettingValidator implements ConstraintValidator<AtMostSetting, Object> {

    private ExperimentConfig config;
    private Setting setting;

    /** Reads the limits from the running configuration. */
    public AtMostSettingValidator() {
        this(null);
    }

    /** Checks against these settings. */
    public AtMostSettingValidator(ExperimentConfig config) {
        this.config = config;
    }

    @Override
    public void initialize(AtMostSetting annotation) {
        setting = annotation.value();
    }

    @Override
    public boolean isValid(Object value, ConstraintValidatorContext context) {
        if (value == null) {
            return true;
        }
        int limit = setting.limit(config());
        String refusal;
        if (value instanceof Collection<?> values) {
            int count = setting.count(values);
            refusal = count > limit ? setting.tooMany(count, limit) : null;
        } else if (value instanceof Number number) {
            refusal = number.longValue() > limit ? setting.tooLarge(limit) : null;
        } else {
            throw new IllegalArgumentException("@AtMostSetting applies to numbers and lists, not " + value.getClass());
        }
        if (refusal == null) {
            return true;
        }
        context.disableDefaultConstraintViolation();
        context.buildConstraintViolationWithTemplate(Messages.literal(refusal)).addConstraintViolation();
        return false;
    }

    private ExperimentConfig config() {
        if (config == null) {
            config = ConfigProvider.getConfig().unwrap(SmallRyeConfig.class).getConfigMapping(ExperimentConfig.class);
        }
        return config;
    }
}
