package org.strategylab.gateway.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecentRecordsTest {

    private static final byte[] TEN = new byte[10];

    @Test
    void answersARangeOnlyWhenEveryRecordOfItIsHeld() {
        RecentRecords recent = new RecentRecords(2, 1_000);
        assertTrue(recent.between(0, 0, 1, "a").isEmpty(), "nothing before the tail is placed");
        recent.startAt(0, 100);
        recent.add(0, 100, "a", TEN);
        recent.add(0, 101, "b", TEN);
        recent.add(0, 102, "a", TEN);
        assertEquals(List.of(100L, 102L), offsets(recent, 0, 100, 103, "a"));
        assertEquals(List.of(102L), offsets(recent, 0, 101, 103, "a"));
        assertEquals(List.of(101L), offsets(recent, 0, 100, 103, "b"));
        assertEquals(List.of(), offsets(recent, 0, 100, 103, "c"));
        assertTrue(recent.between(0, 99, 103, "a").isEmpty(), "below where the tail started");
        assertTrue(recent.between(0, 100, 104, "a").isEmpty(), "beyond what the tail has read");
        // offsets without records (e.g. transaction markers) the consumer stepped over
        recent.advance(0, 105);
        assertEquals(List.of(100L, 102L), offsets(recent, 0, 100, 105, "a"));
        assertTrue(recent.between(1, 0, 1, "a").isEmpty(), "partitions are apart");
    }

    @Test
    void theOldestRecordsGoFirstOnceTheBudgetIsFull() {
        RecentRecords recent = new RecentRecords(1, 30);
        recent.startAt(0, 0);
        for (long offset = 0; offset < 5; offset++) {
            recent.add(0, offset, "a", TEN);
        }
        assertEquals(2, recent.floor(0), "30 bytes hold the last three records of ten");
        assertTrue(recent.between(0, 1, 5, "a").isEmpty());
        assertEquals(List.of(2L, 3L, 4L), offsets(recent, 0, 2, 5, "a"));
        // a record larger than the budget is never held, nor anything before it
        recent.add(0, 5, "a", new byte[31]);
        assertEquals(6, recent.floor(0));
        assertEquals(List.of(), offsets(recent, 0, 6, 6, "a"));
        assertTrue(recent.between(0, 5, 6, "a").isEmpty());
    }

    @Test
    void aTailGoingOnWhereItStoppedKeepsWhatItHeldAndOneThatSkippedStartsAgain() {
        RecentRecords recent = new RecentRecords(1, 1_000);
        recent.startAt(0, 0);
        recent.add(0, 0, "a", TEN);
        recent.startAt(0, 1);
        assertEquals(List.of(0L), offsets(recent, 0, 0, 1, "a"), "restarted at the next offset: nothing lost");
        recent.startAt(0, 7);
        assertEquals(7, recent.floor(0), "placed elsewhere: what it held no longer joins up");
        assertTrue(recent.between(0, 0, 1, "a").isEmpty());
    }

    private static List<Long> offsets(RecentRecords recent, int partition, long from, long until, String key) {
        return recent.between(partition, from, until, key).orElseThrow().stream().map(RecentRecords.Held::offset).toList();
    }
}
