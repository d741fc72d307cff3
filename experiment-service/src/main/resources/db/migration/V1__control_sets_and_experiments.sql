-- Reusable positive/negative control gene sets (spec 2.6; DECISIONS 6: full CRUD, owner, public flag).
CREATE TABLE control_sets (
    id            UUID        PRIMARY KEY,
    owner_id      TEXT        NOT NULL,
    site_id       TEXT        NOT NULL,
    name          TEXT        NOT NULL,
    record_type   TEXT        NOT NULL DEFAULT 'transcript',
    positive_ids  TEXT[]      NOT NULL,
    negative_ids  TEXT[]      NOT NULL,
    is_public     BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX control_sets_owner ON control_sets (owner_id, site_id);

-- Experiments: the configuration and every result are JSON documents (spec 2.1); the columns
-- that lists filter and sort on are kept beside them.
CREATE TABLE experiments (
    id            UUID        PRIMARY KEY,
    owner_id      TEXT        NOT NULL,
    site_id       TEXT        NOT NULL,
    name          TEXT        NOT NULL,
    status        TEXT        NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'running', 'completed', 'error', 'cancelled')),
    config        JSONB       NOT NULL,
    result        JSONB,
    error         TEXT,
    batch_id      TEXT,
    benchmark_id  TEXT,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    completed_at  TIMESTAMPTZ
);
CREATE INDEX experiments_owner ON experiments (owner_id, site_id, created_at DESC);
