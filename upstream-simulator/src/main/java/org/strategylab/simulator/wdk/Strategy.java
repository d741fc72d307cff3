package org.strategylab.simulator.wdk;

import java.time.Instant;

/** A user's strategy. Mutable; guarded by its {@link SiteWorkspace}'s lock. */
final class Strategy {

    final long id;
    final long ownerId;
    final Instant createdTime;
    final String signature;
    String name;
    String savedName;
    String description;
    boolean saved;
    boolean isPublic;
    boolean deleted;
    StepNode tree;
    Instant lastModified;
    Instant lastViewed;

    Strategy(long id, long ownerId, String signature, Instant createdTime) {
        this.id = id;
        this.ownerId = ownerId;
        this.signature = signature;
        this.createdTime = createdTime;
        this.lastModified = createdTime;
        this.lastViewed = createdTime;
    }
}
