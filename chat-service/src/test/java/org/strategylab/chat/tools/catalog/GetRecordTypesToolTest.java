package org.strategylab.chat.tools.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.strategylab.chat.support.ChatEvents;
import org.strategylab.chat.support.Chats;
import org.strategylab.testsupport.InProcessKafkaResource;
import org.strategylab.testsupport.upstream.UpstreamStackResource;

/** {@code get_record_types} through the loop with the mock: the record types are the site's, read through upstream-gateway. */
@QuarkusTest
@QuarkusTestResource(value = InProcessKafkaResource.class, restrictToAnnotatedClass = false)
@QuarkusTestResource(value = UpstreamStackResource.class, restrictToAnnotatedClass = false)
class GetRecordTypesToolTest {

    @Inject
    ChatEvents events;

    @Test
    void theMockAnswersWithTheSitesRecordTypes() {
        String user = Chats.newUser("yara");
        JsonPath started = Chats.send(user, "{\"siteId\":\"plasmodb\",\"message\":\"which record types does this site have?\"}");
        events.awaitEnd(started.getString("operationId"), Chats.TURN);
        JsonPath view = Chats.as(user).get("/api/v1/strategies/" + started.getString("strategyId")).then().statusCode(200)
                .extract().jsonPath();
        assertEquals(List.of("get_record_types"), view.getList("messages[1].toolCalls.name"), view.prettify());
        // the site's own list, as upstream-gateway's catalogue serves it
        List<String> names = Chats.as(user).baseUri(org.eclipse.microprofile.config.ConfigProvider.getConfig()
                        .getValue("quarkus.rest-client.upstream-gateway.url", String.class))
                .get("/api/v1/sites/plasmodb/record-types").then().statusCode(200).extract().jsonPath().getList("items.name");
        assertFalse(names.isEmpty());
        String answer = view.getString("messages[1].content");
        assertTrue(answer.contains(names.size() + " record types"), answer);
        names.forEach(name -> assertTrue(answer.contains("(" + name), answer));
        assertTrue(answer.contains("returns transcript records"), answer);
    }
}
