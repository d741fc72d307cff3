package org.strategylab.upstream.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Consumer-driven contract of the typed internal API: each consumer (chat-service, experiment-service)
 * declares in its own {@code src/test/resources/upstream-gateway-contract.json} the operations it
 * calls, a request it sends, and the answer fields it reads with their JSON types. This test holds
 * upstream-gateway to them, without starting anything:
 * <ul>
 *   <li>the operation is a method of {@link UpstreamInternalApi}, {@link UpstreamAnalysesApi} or
 *       {@link UpstreamCatalogApi} (which {@code InternalApiConformanceTest} holds to the resources);</li>
 *   <li>the consumer's request reads into the operation's request record as strictly as
 *       upstream-gateway reads it (an unknown field fails) and passes its Bean Validation;</li>
 *   <li>each field the consumer reads is in the JSON of the answer record, with the type it expects.</li>
 * </ul>
 * Renaming, removing or retyping a field a consumer reads fails here, in upstream-gateway's build.
 */
class ConsumerContractTest {

    /** The consumers and where their contracts live, relative to this module. */
    static final List<String> CONSUMERS = List.of("chat-service", "experiment-service");
    static final List<Class<?>> APIS = List.of(UpstreamInternalApi.class, UpstreamAnalysesApi.class, UpstreamCatalogApi.class);

    /** As upstream-gateway reads request bodies (service-edge: unknown fields are refused). */
    private static final ObjectMapper STRICT = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    private static final ObjectMapper WRITER = JsonMapper.builder().build();
    private static final Validator VALIDATOR = Validation.byDefaultProvider().configure()
            .messageInterpolator(new ParameterMessageInterpolator()).buildValidatorFactory().getValidator();

    @TestFactory
    Stream<DynamicTest> eachConsumerInteraction() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (String consumer : CONSUMERS) {
            JsonNode contract = contract(consumer);
            assertEquals(consumer, contract.path("consumer").asText(), "the contract of " + consumer + " names it");
            assertTrue(contract.path("interactions").size() > 0, consumer + " declares its interactions");
            for (JsonNode interaction : contract.path("interactions")) {
                String operation = interaction.path("operation").asText();
                tests.add(DynamicTest.dynamicTest(consumer + " " + operation, () -> check(consumer, interaction)));
            }
        }
        return tests.stream();
    }

    static JsonNode contract(String consumer) throws IOException {
        Path file = Path.of("..", consumer, "src", "test", "resources", "upstream-gateway-contract.json");
        assertTrue(Files.isRegularFile(file), "the contract of " + consumer + " is at " + file);
        return WRITER.readTree(file.toFile());
    }

    private static void check(String consumer, JsonNode interaction) throws Exception {
        Method operation = operation(interaction.path("operation").asText());
        JsonNode request = interaction.get("request");
        Parameter body = body(operation);
        if (request != null) {
            assertTrue(body != null, operation.getName() + " takes no body, but " + consumer + " sends one");
            Object read = STRICT.readerFor(STRICT.constructType(body.getParameterizedType())).readValue(request);
            Set<ConstraintViolation<Object>> violations = VALIDATOR.validate(read);
            assertTrue(violations.isEmpty(), consumer + "'s request to " + operation.getName()
                    + " breaks upstream-gateway's validation: " + violations);
        }
        JsonNode answer = WRITER.valueToTree(ApiSamples.of(ApiSamples.answerType(operation)));
        interaction.path("reads").fields().forEachRemaining(read -> {
            JsonNode value = at(answer, read.getKey());
            String expected = read.getValue().asText();
            assertTrue(value != null && !value.isNull(), consumer + " reads " + read.getKey() + " of "
                    + operation.getName() + ", which its answer no longer has: " + answer);
            assertEquals(expected, type(value), consumer + " reads " + read.getKey() + " of " + operation.getName()
                    + " as " + expected);
        });
    }

    /** The API method named {@code Interface.method}. */
    static Method operation(String name) {
        String[] parts = name.split("\\.");
        Class<?> api = APIS.stream().filter(type -> type.getSimpleName().equals(parts[0])).findFirst()
                .orElseThrow(() -> new AssertionError("no API interface " + parts[0] + " (operation " + name + ")"));
        List<Method> found = Arrays.stream(api.getMethods()).filter(method -> method.getName().equals(parts[1])).toList();
        if (found.size() != 1) {
            fail(name + " is not one operation of " + api.getSimpleName() + " (found " + found.size() + ")");
        }
        return found.get(0);
    }

    /** The parameter that is the request body: the one without a JAX-RS parameter annotation. */
    static Parameter body(Method operation) {
        return Arrays.stream(operation.getParameters())
                .filter(p -> !p.isAnnotationPresent(HeaderParam.class) && !p.isAnnotationPresent(PathParam.class)
                        && !p.isAnnotationPresent(QueryParam.class))
                .findFirst().orElse(null);
    }

    /** The node at a pointer whose {@code *} steps into the first element of an array or object. */
    static JsonNode at(JsonNode root, String pointer) {
        JsonNode node = root;
        for (String step : pointer.substring(1).split("/")) {
            if (node == null) {
                return null;
            }
            if (step.equals("*")) {
                node = node.isContainerNode() && node.size() > 0 ? node.elements().next() : null;
            } else {
                node = node.get(step);
            }
        }
        return node;
    }

    static String type(JsonNode value) {
        return value.isTextual() ? "string" : value.isNumber() ? "number" : value.isBoolean() ? "boolean"
                : value.isArray() ? "array" : value.isObject() ? "object" : value.getNodeType().name().toLowerCase();
    }

    /** The checks themselves catch what they should: a renamed field of an answer is missing. */
    @org.junit.jupiter.api.Test
    void aRenamedFieldIsMissingFromTheAnswer() {
        JsonNode counts = WRITER.valueToTree(ApiSamples.of(ControlCounts.class));
        assertTrue(at(counts, "/controls/*/hitIds/*") != null, "the sample has every field: " + counts);
        assertTrue(at(counts, "/rootGeneCounts") == null, "a field the record does not have is absent");
        assertEquals("number", type(at(counts, "/rootGeneCount")));
        JsonNode strategies = WRITER.valueToTree(ApiSamples.of(ApiSamples.answerType(operation("UpstreamInternalApi.strategies"))));
        assertEquals("number", type(at(strategies, "/items/*/strategyId")), "a generic page is filled too");
    }

    /** A request with a field upstream-gateway does not know is refused, as the gateway would refuse it. */
    @org.junit.jupiter.api.Test
    void aRequestFieldTheGatewayDoesNotKnowIsRefused() {
        JsonNode renamed = WRITER.createObjectNode().set("geneIdList", WRITER.createArrayNode().add("PF3D7_0100100"));
        try {
            STRICT.treeToValue(renamed, GeneListResolveRequest.class);
            fail("an unknown field was read");
        } catch (IOException expected) {
            assertTrue(expected.getMessage().contains("geneIdList"));
        }
    }
}
