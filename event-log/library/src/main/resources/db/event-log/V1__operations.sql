-- The operations index (ARCHITECTURE.md §3): where each long operation's events live in the log,
-- who owns it, and which worker holds it.
CREATE TABLE operations (
    id              UUID        PRIMARY KEY,
    owner_id        TEXT        NOT NULL,
    type            TEXT        NOT NULL,
    target_id       TEXT,
    topic           TEXT        NOT NULL,
    topic_partition INTEGER     NOT NULL,
    first_offset    BIGINT      NOT NULL,
    status          TEXT        NOT NULL DEFAULT 'active'
                    CHECK (status IN ('active', 'completed', 'failed', 'cancelled')),
    cancel_requested BOOLEAN    NOT NULL DEFAULT FALSE,
    lease_holder    TEXT,
    lease_expires_at TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    ended_at        TIMESTAMPTZ
);
CREATE INDEX operations_owner_active ON operations (owner_id, status, type);
CREATE INDEX operations_lease ON operations (lease_expires_at) WHERE status = 'active';
