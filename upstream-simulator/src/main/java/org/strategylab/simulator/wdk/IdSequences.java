package org.strategylab.simulator.wdk;

import java.util.concurrent.atomic.AtomicLong;

/** Numeric id sequences shared by every site of one simulator (WDK ids are database sequence values). */
final class IdSequences {

    final AtomicLong steps = new AtomicLong(400_000_001L);
    final AtomicLong strategies = new AtomicLong(250_000_001L);
    final AtomicLong datasets = new AtomicLong(5_000_001L);
    final AtomicLong analyses = new AtomicLong(1_001L);
    final AtomicLong temporaryResults = new AtomicLong(1L);
}
