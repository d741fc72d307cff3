package org.strategylab.gateway.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The merge's rules, on small documents written here: what is kept, renamed, secured and added. */
class PublicApiMergeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    // chat owns /api/v1/strategies, experiments /api/v1/control-sets; everything else is the gateway's
    private static final PublicApiMerge.Rules RULES = new PublicApiMerge.Rules(
            (source, path) -> source.equals(owner(path)),
            Set.of("/api/v1/auth/local/sign-in")::contains,
            path -> path.startsWith("/api/v1/sites"),
            source -> !source.equals("gateway"));

    private static String owner(String path) {
        if (path.startsWith("/api/v1/strategies")) {
            return "chat-service";
        }
        if (path.startsWith("/api/v1/control-sets")) {
            return "experiment-service";
        }
        if (path.startsWith("/api/v1/sites")) {
            return "upstream-gateway";
        }
        return "gateway";
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static final JsonNode CHAT = json("""
            {'openapi':'3.1.0','tags':[{'name':'Strategies'},{'name':'Internal'}],'paths':{
              '/api/v1/strategies/{id}':{'get':{'summary':'A strategy','tags':['Strategies'],'security':[{'SecurityScheme':[]}],
                 'responses':{'200':{'description':'ok','content':{'application/json':{'schema':{'$ref':'#/components/schemas/Page'}}}},
                              '404':{'description':'missing','content':{'application/json':{'schema':{'type':'string'}}}}}}},
              '/internal/v1/strategies':{'get':{'tags':['Internal'],'responses':{'200':{'description':'ok','content':{'application/json':{'schema':{'$ref':'#/components/schemas/Internal'}}}}}}},
              '/q/health':{'get':{'responses':{'200':{'description':'ok'}}}},
              '/api/v1/control-sets':{'get':{'responses':{'200':{'description':'not routed to chat'}}}}},
             'components':{'schemas':{
               'Page':{'type':'object','properties':{'item':{'$ref':'#/components/schemas/Item'}}},
               'Item':{'type':'object','properties':{'title':{'type':'string'}}},
               'Shared':{'type':'string'},
               'Internal':{'type':'object'},
               'Problem':{'type':'object','description':'the service own'}},
              'securitySchemes':{'SecurityScheme':{'type':'http','scheme':'bearer'}}}}
            """);

    private static final JsonNode EXPERIMENTS = json("""
            {'openapi':'3.1.0','paths':{
              '/api/v1/control-sets':{'post':{'operationId':'createControlSet','summary':'Create a set',
                 'requestBody':{'content':{'application/json':{'schema':{'$ref':'#/components/schemas/Item'}}}},
                 'responses':{'201':{'description':'created','content':{'application/json':{'schema':{'$ref':'#/components/schemas/Page'}}}},
                              '422':{'description':''}}}}},
             'components':{'schemas':{
               'Page':{'type':'object','properties':{'item':{'$ref':'#/components/schemas/Item'}}},
               'Item':{'type':'object','properties':{'name':{'type':'string'}}},
               'Shared':{'type':'string'}}}}
            """);

    private static final JsonNode GATEWAY = json("""
            {'openapi':'3.1.0','paths':{
              '/api/v1/auth/local/sign-in':{'post':{'summary':'Sign in','requestBody':{'content':{'application/json':{'schema':{'type':'object'}}}},
                 'responses':{'200':{'description':'ok'}}}},
              '/api/v1/strategies/{id}':{'get':{'responses':{'200':{'description':'routed to chat, not the gateway'}}}}}}
            """);

    private ObjectNode merge(List<PublicApiMerge.Source> sources) {
        ObjectNode info = JSON.createObjectNode().put("title", "t").put("version", "v1");
        return PublicApiMerge.merge(info, sources,
                List.of(new PublicApiMerge.Unavailable("upstream-gateway", "it could not be reached")), RULES);
    }

    private ObjectNode merged() {
        return merge(List.of(new PublicApiMerge.Source("gateway", GATEWAY),
                new PublicApiMerge.Source("chat-service", CHAT),
                new PublicApiMerge.Source("experiment-service", EXPERIMENTS)));
    }

    @Test
    void onlyThePublicPathsEachSourceOwnsAreKept() {
        ObjectNode document = merged();
        List<String> paths = new ArrayList<>();
        document.path("paths").fieldNames().forEachRemaining(paths::add);
        assertEquals(List.of("/api/v1/auth/local/sign-in", "/api/v1/control-sets", "/api/v1/strategies/{id}"), paths);
        assertEquals("A strategy", document.at("/paths/~1api~1v1~1strategies~1{id}/get/summary").asText());
        assertEquals("createControlSet", document.at("/paths/~1api~1v1~1control-sets/post/operationId").asText());
        assertEquals("3.1.0", document.path("openapi").asText());
        assertEquals("/", document.at("/servers/0/url").asText());
        assertEquals("[{\"name\":\"Strategies\"}]", document.path("tags").toString(), "the internal paths' tag goes with them");
    }

    @Test
    void componentsDefinedDifferentlyArePrefixedPerSourceAndIdenticalOnesKeptOnce() {
        JsonNode schemas = merged().at("/components/schemas");
        // Item differs, so both are prefixed; Page is the same text but points at a different Item
        assertTrue(schemas.has("ChatService_Item") && schemas.has("ExperimentService_Item"), schemas.toString());
        assertEquals("#/components/schemas/ChatService_Item",
                schemas.at("/ChatService_Page/properties/item/$ref").asText());
        assertEquals("#/components/schemas/ExperimentService_Item",
                schemas.at("/ExperimentService_Page/properties/item/$ref").asText());
        assertFalse(schemas.has("Item") || schemas.has("Page"));
        // only what a kept path reaches: Shared and Internal are not
        assertFalse(schemas.has("Shared") || schemas.has("Internal") || schemas.has("ChatService_Internal"));
        // the gateway's Problem is the one every error refers to
        assertTrue(schemas.at("/Problem/properties/errors").isObject());
    }

    @Test
    void aServiceProblemSchemaNeverReplacesTheGatewaysOwn() {
        JsonNode chat = json("""
                {'paths':{'/api/v1/strategies':{'get':{'responses':{'200':{'description':'ok',
                  'content':{'application/json':{'schema':{'$ref':'#/components/schemas/Problem'}}}}}}}},
                 'components':{'schemas':{'Problem':{'type':'string'}}}}
                """);
        ObjectNode document = merge(List.of(new PublicApiMerge.Source("chat-service", chat)));
        assertEquals("#/components/schemas/ChatService_Problem",
                document.at("/paths/~1api~1v1~1strategies/get/responses/200/content/application~1json/schema/$ref").asText());
        assertEquals("object", document.at("/components/schemas/Problem/type").asText());
    }

    @Test
    void everyErrorIsAProblemAndTheCommonOnesAreAdded() {
        ObjectNode document = merged();
        JsonNode get = document.at("/paths/~1api~1v1~1strategies~1{id}/get/responses");
        assertEquals("#/components/schemas/Problem",
                get.at("/404/content/application~1problem+json/schema/$ref").asText());
        assertFalse(get.at("/404/content").has("application/json"));
        assertEquals("#/components/responses/Unauthorized", get.at("/401/$ref").asText());
        assertEquals("#/components/responses/ServiceUnavailable", get.at("/502/$ref").asText());
        JsonNode post = document.at("/paths/~1api~1v1~1control-sets/post/responses");
        assertEquals("Unprocessable Content", post.at("/422/description").asText());
        assertEquals("#/components/responses/BadRequest", post.at("/400/$ref").asText());
        assertFalse(post.has("404"), "no path parameter, so no 404");
        JsonNode signIn = document.at("/paths/~1api~1v1~1auth~1local~1sign-in/post/responses");
        assertFalse(signIn.has("401") || signIn.has("502"), "anonymous and answered by the gateway itself");
        document.path("paths").forEach(item -> item.forEach(operation -> operation.path("responses").properties()
                .forEach(response -> {
                    if (response.getKey().matches("[45]\\d\\d") && !response.getValue().has("$ref")) {
                        assertTrue(response.getValue().at("/content/application~1problem+json").isObject(),
                                response.toString());
                    }
                })));
    }

    @Test
    void securityIsTheGatewaysBearerSchemeWithAnonymousOperationsSaidSo() {
        ObjectNode document = merged();
        assertEquals("bearer", document.at("/components/securitySchemes/bearerAuth/scheme").asText());
        assertEquals(1, document.at("/components/securitySchemes").size(), "the services' own schemes are gone");
        assertTrue(document.at("/security/0/bearerAuth").isArray());
        assertTrue(document.at("/paths/~1api~1v1~1strategies~1{id}/get/security").isMissingNode());
        JsonNode signIn = document.at("/paths/~1api~1v1~1auth~1local~1sign-in/post/security");
        assertTrue(signIn.isArray() && signIn.isEmpty());
    }

    @Test
    void operationIdsAreDerivedFromMethodAndPathWhereMissing() {
        ObjectNode document = merged();
        assertEquals("getStrategiesById", document.at("/paths/~1api~1v1~1strategies~1{id}/get/operationId").asText());
        assertEquals("postAuthLocalSignIn", document.at("/paths/~1api~1v1~1auth~1local~1sign-in/post/operationId").asText());
        assertEquals("getControlSetsByControlSetIdAnalyses",
                PublicApiMerge.derivedOperationId("GET", "/api/v1/control-sets/{controlSetId}/analyses"));
    }

    @Test
    void anUnreachableServiceIsNamedWithWhyAndTheSourcesOrderDoesNotMatter() {
        ObjectNode document = merged();
        assertEquals("upstream-gateway", document.at("/x-unavailable/0/service").asText());
        assertEquals("it could not be reached", document.at("/x-unavailable/0/reason").asText());
        ObjectNode reversed = merge(List.of(new PublicApiMerge.Source("experiment-service", EXPERIMENTS),
                new PublicApiMerge.Source("chat-service", CHAT),
                new PublicApiMerge.Source("gateway", GATEWAY)));
        assertEquals(document, reversed);
    }
}
