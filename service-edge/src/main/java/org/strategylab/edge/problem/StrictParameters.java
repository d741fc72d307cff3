package org.strategylab.edge.problem;

import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.function.Function;

/**
 * Whole-number parameters ({@code int}, {@code long} and their boxes) read strictly: only decimal
 * digits with an optional sign, inside the type's range. {@code limit=abc}, {@code limit=1e3} and
 * {@code limit=2147483648} become a 400 naming {@code limit} ({@link InvalidParameterException})
 * instead of the 404 JAX-RS prescribes for an unconvertible query or path parameter.
 */
@Provider
public class StrictParameters implements ParamConverterProvider {

    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(Class<T> rawType, Type genericType, Annotation[] annotations) {
        if (rawType == int.class || rawType == Integer.class) {
            return (ParamConverter<T>) new WholeNumber<>(name(annotations), Integer.MIN_VALUE, Integer.MAX_VALUE,
                    Long::intValue);
        }
        if (rawType == long.class || rawType == Long.class) {
            return (ParamConverter<T>) new WholeNumber<>(name(annotations), Long.MIN_VALUE, Long.MAX_VALUE,
                    Function.identity());
        }
        return null;
    }

    /** The parameter's name as the caller wrote it, from its JAX-RS annotation. */
    static String name(Annotation[] annotations) {
        if (annotations != null) {
            for (Annotation annotation : annotations) {
                if (annotation instanceof QueryParam q) {
                    return q.value();
                } else if (annotation instanceof PathParam p) {
                    return p.value();
                } else if (annotation instanceof HeaderParam h) {
                    return h.value();
                } else if (annotation instanceof FormParam f) {
                    return f.value();
                } else if (annotation instanceof CookieParam c) {
                    return c.value();
                }
            }
        }
        return "parameter";
    }

    private record WholeNumber<T extends Number>(String parameter, long min, long max, Function<Long, T> narrow)
            implements ParamConverter<T> {

        @Override
        public T fromString(String text) {
            if (text == null) {
                return null;
            }
            long value;
            try {
                // Long.parseLong takes only an optional sign and digits: no exponent, no decimals, no blanks
                value = Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new InvalidParameterException(parameter, text.matches("[+-]?\\d+")
                        ? "'" + text + "' is out of range (" + min + " to " + max + ")"
                        : "'" + abbreviate(text) + "' is not a whole number");
            }
            if (value < min || value > max) {
                throw new InvalidParameterException(parameter, "'" + text + "' is out of range (" + min + " to " + max + ")");
            }
            return narrow.apply(value);
        }

        @Override
        public String toString(T value) {
            return value == null ? null : value.toString();
        }

        private static String abbreviate(String text) {
            return text.length() <= 40 ? text : text.substring(0, 40) + "…";
        }
    }
}
