-- A registered operation waits for a worker for as long as one may still take it (issue 32):
-- queued rows hold no lease (lease_expires_at is NULL until a worker claims them), claimed_at
-- tells a queued operation from a claimed one (also after a reaper took it over), and the workers
-- table records which instances take which operations (by their events topic), so the reaper ends
-- a queued operation only once no worker for it has been seen for the claim timeout.
ALTER TABLE operations ADD COLUMN claimed_at TIMESTAMPTZ;
UPDATE operations SET claimed_at = created_at WHERE lease_holder IS NOT NULL;
UPDATE operations SET lease_expires_at = NULL WHERE status = 'active' AND lease_holder IS NULL;
-- the queue of one service, oldest first (how many are ahead of an operation)
CREATE INDEX operations_queued ON operations (topic, created_at) WHERE status = 'active' AND claimed_at IS NULL;

CREATE TABLE workers (
    topic        TEXT        NOT NULL,
    instance_id  TEXT        NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (topic, instance_id)
);
