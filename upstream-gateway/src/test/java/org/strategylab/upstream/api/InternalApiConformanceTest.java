package org.strategylab.upstream.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The typed API interfaces are what upstream-gateway serves: every operation of
 * {@link UpstreamInternalApi}, {@link UpstreamAnalysesApi} and {@link UpstreamCatalogApi} is a
 * resource method with the same HTTP method and path, the same request and answer types and the
 * query parameters it sends; and every internal route ({@code rest/internal}) is an operation of the
 * interfaces, so a new internal route cannot be left out of the client other services use.
 */
class InternalApiConformanceTest {

    private static final List<Class<? extends Annotation>> VERBS = List.of(GET.class, POST.class, PUT.class,
            PATCH.class, DELETE.class);

    /** A route: its HTTP method and path. */
    record Route(String verb, String path) {
        @Override
        public String toString() {
            return verb + " " + path;
        }
    }

    @Test
    void everyOperationIsServedAsDeclared() throws Exception {
        Map<Route, Method> served = routes(resourceClasses("org/strategylab/upstream/rest"));
        List<String> problems = new ArrayList<>();
        for (Class<?> api : ConsumerContractTest.APIS) {
            for (Method operation : api.getDeclaredMethods()) {
                if (operation.isSynthetic() || java.lang.reflect.Modifier.isStatic(operation.getModifiers())) {
                    continue;
                }
                Route route = route(null, operation);
                Method resource = served.get(route);
                if (resource == null) {
                    problems.add(api.getSimpleName() + "." + operation.getName() + ": no resource serves " + route);
                    continue;
                }
                String where = api.getSimpleName() + "." + operation.getName() + " (" + route + ")";
                if (!unwrapped(operation.getGenericReturnType()).equals(unwrapped(resource.getGenericReturnType()))) {
                    problems.add(where + " answers " + unwrapped(operation.getGenericReturnType()).getTypeName()
                            + ", the resource " + unwrapped(resource.getGenericReturnType()).getTypeName());
                }
                Type sent = body(operation);
                Type read = body(resource);
                if (sent != null && !sent.equals(read)) {
                    problems.add(where + " sends " + sent.getTypeName() + ", the resource reads "
                            + (read == null ? "no body" : read.getTypeName()));
                }
                Set<String> unknown = new TreeSet<>(queryNames(operation));
                unknown.removeAll(queryNames(resource));
                if (!unknown.isEmpty()) {
                    problems.add(where + " sends query parameters the resource does not read: " + unknown);
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void everyInternalRouteIsAnOperation() throws Exception {
        Set<Route> declared = new TreeSet<>((a, b) -> a.toString().compareTo(b.toString()));
        for (Class<?> api : ConsumerContractTest.APIS) {
            for (Method operation : api.getDeclaredMethods()) {
                if (!operation.isSynthetic() && !java.lang.reflect.Modifier.isStatic(operation.getModifiers())) {
                    declared.add(route(null, operation));
                }
            }
        }
        Map<Route, Method> internal = routes(resourceClasses("org/strategylab/upstream/rest/internal"));
        assertTrue(internal.size() > 10, "the internal resources were found: " + internal.keySet());
        List<String> missing = internal.keySet().stream().filter(route -> !declared.contains(route))
                .map(Route::toString).sorted().toList();
        assertEquals(List.of(), missing, "internal routes missing from the typed API (add them to UpstreamInternalApi)");
    }

    private static Map<Route, Method> routes(List<Class<?>> resources) {
        Map<Route, Method> routes = new LinkedHashMap<>();
        for (Class<?> resource : resources) {
            Path root = resource.getAnnotation(Path.class);
            if (root == null) {
                continue;
            }
            for (Method method : resource.getDeclaredMethods()) {
                if (verb(method) != null) {
                    routes.put(route(root.value(), method), method);
                }
            }
        }
        return routes;
    }

    private static Route route(String root, Method method) {
        Path path = method.getAnnotation(Path.class);
        String joined = (root == null ? "" : root) + (path == null ? "" : "/" + path.value());
        return new Route(verb(method), joined.replaceAll("/+", "/").replaceAll("(.)/$", "$1"));
    }

    private static String verb(Method method) {
        return VERBS.stream().filter(method::isAnnotationPresent).map(Class::getSimpleName).findFirst().orElse(null);
    }

    private static Type unwrapped(Type type) {
        if (type instanceof java.lang.reflect.ParameterizedType uni && uni.getRawType() == io.smallrye.mutiny.Uni.class) {
            return uni.getActualTypeArguments()[0];
        }
        return type;
    }

    private static Type body(Method method) {
        return Arrays.stream(method.getParameters())
                .filter(p -> Arrays.stream(p.getAnnotations()).noneMatch(a -> a.annotationType().getPackageName()
                        .equals("jakarta.ws.rs") || a.annotationType().getPackageName().equals("jakarta.ws.rs.core")))
                .map(Parameter::getParameterizedType).findFirst().orElse(null);
    }

    private static Set<String> queryNames(Method method) {
        return Arrays.stream(method.getParameters()).filter(p -> p.isAnnotationPresent(QueryParam.class))
                .map(p -> p.getAnnotation(QueryParam.class).value()).collect(Collectors.toSet());
    }

    /** The classes compiled under a package folder of this module. */
    private static List<Class<?>> resourceClasses(String folder) throws IOException, ClassNotFoundException {
        java.nio.file.Path classes = java.nio.file.Path.of("target", "classes", folder);
        List<Class<?>> found = new ArrayList<>();
        try (Stream<java.nio.file.Path> files = Files.walk(classes)) {
            for (java.nio.file.Path file : files.filter(f -> f.toString().endsWith(".class") && !f.toString().contains("$")).toList()) {
                String name = java.nio.file.Path.of("target", "classes").relativize(file).toString()
                        .replace(java.io.File.separatorChar, '.').replaceAll("\\.class$", "");
                found.add(Class.forName(name, false, InternalApiConformanceTest.class.getClassLoader()));
            }
        }
        return found;
    }
}
