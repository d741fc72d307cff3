package org.strategylab.upstream.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.smallrye.mutiny.Uni;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A value of an API type with every field given (strings, numbers, one element per list, one entry
 * per map, nested records filled in turn), so that its JSON holds every field the type can write.
 * Recursive records (a step tree) stop after a few levels.
 */
final class ApiSamples {

    private static final int DEPTH = 8;

    private ApiSamples() {
    }

    /** The type an operation answers, without its {@link Uni}. */
    static Type answerType(java.lang.reflect.Method operation) {
        Type type = operation.getGenericReturnType();
        if (type instanceof ParameterizedType uni && uni.getRawType() == Uni.class) {
            return uni.getActualTypeArguments()[0];
        }
        return type;
    }

    static Object of(Type type) {
        return of(type, Map.of(), 0);
    }

    private static Object of(Type type, Map<TypeVariable<?>, Type> bound, int depth) {
        if (type instanceof TypeVariable<?> variable) {
            return of(bound.getOrDefault(variable, Object.class), bound, depth);
        }
        if (type instanceof ParameterizedType parameterized) {
            Class<?> raw = (Class<?>) parameterized.getRawType();
            Type[] arguments = parameterized.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw)) {
                return depth >= DEPTH ? List.of() : List.of(of(arguments[0], bound, depth + 1));
            }
            if (Map.class.isAssignableFrom(raw)) {
                return depth >= DEPTH ? Map.of() : Map.of(key(arguments[0]), of(arguments[1], bound, depth + 1));
            }
            Map<TypeVariable<?>, Type> inner = new HashMap<>(bound);
            TypeVariable<?>[] variables = raw.getTypeParameters();
            for (int i = 0; i < variables.length; i++) {
                inner.put(variables[i], arguments[i]);
            }
            return record(raw, inner, depth);
        }
        Class<?> raw = (Class<?>) type;
        if (raw == String.class || raw == Object.class) {
            return "text";
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return true;
        }
        if (raw == int.class || raw == Integer.class) {
            return 2;
        }
        if (raw == long.class || raw == Long.class) {
            return 3L;
        }
        if (raw == double.class || raw == Double.class) {
            return 0.25;
        }
        if (raw == Void.class) {
            return null;
        }
        if (JsonNode.class.isAssignableFrom(raw)) {
            return JsonNodeFactory.instance.objectNode().put("key", "value");
        }
        if (raw.isEnum()) {
            return raw.getEnumConstants()[0];
        }
        if (raw.isRecord()) {
            return record(raw, bound, depth);
        }
        throw new IllegalArgumentException("no sample for " + raw.getName() + ": teach ApiSamples this type");
    }

    private static Object key(Type type) {
        return type == Long.class ? (Object) 7L : "key";
    }

    private static Object record(Class<?> type, Map<TypeVariable<?>, Type> bound, int depth) {
        if (depth > DEPTH) {
            return null;
        }
        RecordComponent[] components = type.getRecordComponents();
        Object[] values = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            values[i] = of(components[i].getGenericType(), bound, depth + 1);
        }
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(
                    Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
            canonical.setAccessible(true);
            return canonical.newInstance(values);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build a sample " + type.getName(), e);
        }
    }
}
