package org.strategylab.experiment.api.constraints;

import jakarta.validation.ConstraintValidatorContext;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.strategylab.evaluation.ValidationException;

/** evaluation-core's refusals as constraint violations at the node they name. */
final class Refusals {

    /** evaluation-core names an element's field {@code specs[2].min}. */
    private static final Pattern ELEMENT_FIELD = Pattern.compile("^[A-Za-z]+\\[(\\d+)]\\.([A-Za-z]+)$");

    private Refusals() {
    }

    /** The sentence of a refusal without the field evaluation-core puts in front of it. */
    static String message(ValidationException e) {
        String text = e.getMessage();
        String prefix = e.field() + ": ";
        return text.startsWith(prefix) ? text.substring(prefix.length()) : text;
    }

    /** The refusal at the element and field it names ({@code specs[2].min} → {@code …/2/min}), else at the list. */
    static void atElement(ConstraintValidatorContext context, ValidationException e) {
        context.disableDefaultConstraintViolation();
        Matcher element = ELEMENT_FIELD.matcher(e.field());
        if (element.matches()) {
            at(context, Integer.parseInt(element.group(1)), element.group(2), message(e));
        } else {
            context.buildConstraintViolationWithTemplate(Messages.literal(message(e))).addConstraintViolation();
        }
    }

    /** A refusal of the {@code field} of the list's element {@code index} (the element itself when null). */
    static void at(ConstraintValidatorContext context, int index, String field, String message) {
        ConstraintValidatorContext.ConstraintViolationBuilder builder =
                context.buildConstraintViolationWithTemplate(Messages.literal(message));
        if (field == null) {
            builder.addBeanNode().inIterable().atIndex(index).addConstraintViolation();
        } else {
            builder.addPropertyNode(field).inIterable().atIndex(index).addConstraintViolation();
        }
    }
}
