-- Issue 19 point 2: the sentence-embedding vectors of catalogue rankings (a site's searches, a
-- parameter's vocabulary), so a restart or a second replica reuses them instead of recomputing.
-- One row per ranked list, replaced when the list changes: the fingerprint is a SHA-256 of the model
-- and of every embedded text, in order.
CREATE TABLE ranking_vectors (
    index_key    TEXT        PRIMARY KEY,
    fingerprint  TEXT        NOT NULL,
    model        TEXT        NOT NULL,
    dimensions   INT         NOT NULL,
    -- per entry, how many vectors it has (one or two), in entry order
    counts       INT[]       NOT NULL,
    -- every vector, float32 little-endian, in entry order
    vectors      BYTEA       NOT NULL,
    updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
