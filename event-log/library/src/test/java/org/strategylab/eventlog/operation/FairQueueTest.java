package org.strategylab.eventlog.operation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FairQueueTest {

    private final Map<String, Integer> running = new HashMap<>();

    private int running(String owner) {
        return running.getOrDefault(owner, 0);
    }

    @Test
    void ownersTakeTurnsAndEachOwnersItemsKeepTheirOrder() {
        FairQueue<String> queue = new FairQueue<>();
        for (int i = 1; i <= 3; i++) {
            queue.add("alice", "a" + i);
        }
        queue.add("bob", "b1");
        queue.add("bob", "b2");
        queue.add("carol", "c1");
        List<String> order = new ArrayList<>();
        while (!queue.isEmpty()) {
            order.add(queue.poll(this::running));
        }
        assertEquals(List.of("a1", "b1", "c1", "a2", "b2", "a3"), order);
        assertNull(queue.poll(this::running));
    }

    @Test
    void theOwnerWithLessRunningGoesFirstWhateverTheOrderOfArrival() {
        FairQueue<String> queue = new FairQueue<>();
        queue.add("alice", "a3");
        queue.add("alice", "a4");
        queue.add("bob", "b1");
        running.put("alice", 2);
        assertEquals("b1", queue.poll(this::running));
        running.put("bob", 1);
        assertEquals("a3", queue.poll(this::running));
        assertEquals(1, queue.size());
    }

    @Test
    void anOwnerThatMayNotBeServedNowDoesNotHoldUpTheOthers() {
        FairQueue<String> queue = new FairQueue<>();
        queue.add("alice", "a1");
        queue.add("bob", "b1");
        queue.add("bob", "b2");
        // alice is at her share: bob goes on, whatever he runs
        running.put("bob", 3);
        assertEquals("b1", queue.poll(this::running, owner -> !owner.equals("alice")));
        assertEquals("b2", queue.poll(this::running, owner -> !owner.equals("alice")));
        assertNull(queue.poll(this::running, owner -> !owner.equals("alice")), "only alice waits, and she may not go");
        assertEquals(1, queue.size());
        assertEquals("a1", queue.poll(this::running));
    }

    @Test
    void anItemThatGaveUpLeavesItsOwnersLine() {
        FairQueue<String> queue = new FairQueue<>();
        queue.add("alice", "a1");
        queue.add("alice", "a2");
        queue.add("bob", "b1");
        assertTrue(queue.remove("alice", "a1"));
        assertFalse(queue.remove("alice", "a1"), "not there any more");
        assertTrue(queue.remove("bob", "b1"));
        assertEquals(1, queue.size());
        assertEquals("a2", queue.poll(this::running));
        assertTrue(queue.isEmpty());
    }
}
