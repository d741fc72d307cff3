package org.strategylab.edge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.strategylab.edge.request.RequestIds;

class RequestIdsTest {

    @Test
    void keepsASaneCallerId() {
        assertEquals("req-42.a:b", RequestIds.accept("req-42.a:b"));
    }

    @Test
    void replacesMissingOversizedOrUnprintableIds() {
        for (String bad : new String[] {null, "", "a b", "line\nbreak", "x".repeat(129), "<script>"}) {
            String id = RequestIds.accept(bad);
            assertNotEquals(bad, id);
            assertEquals(id, UUID.fromString(id).toString());
        }
    }
}
