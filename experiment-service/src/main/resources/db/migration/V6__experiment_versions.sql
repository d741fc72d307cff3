-- Refinements are versions (issue 38 item 4). A refine no longer overwrites an experiment: the
-- experiment's state as it was (configuration, results, metrics, analyses, its strategy and step on
-- the site) is kept as a numbered earlier version, and the row becomes the next version. Undo puts the
-- latest earlier version back. The row keeps its id, so links, the workbench chat (one conversation
-- per experiment) and lists follow the experiment across versions.
ALTER TABLE experiments ADD COLUMN version     INTEGER     NOT NULL DEFAULT 1;
-- what made the current version from the one before it (null for version 1): the refine's action,
-- search, operator and values
ALTER TABLE experiments ADD COLUMN refinement  JSONB;
ALTER TABLE experiments ADD COLUMN refined_at  TIMESTAMPTZ;

CREATE TABLE experiment_versions (
    experiment_id         UUID        NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
    version               INTEGER     NOT NULL,
    status                TEXT        NOT NULL,
    config                JSONB       NOT NULL,
    result                JSONB,
    control_resolution    JSONB,
    error                 TEXT,
    upstream_strategy_id  BIGINT,
    upstream_step_id      BIGINT,
    metrics_stale         BOOLEAN     NOT NULL,
    total_time_seconds    DOUBLE PRECISION,
    completed_at          TIMESTAMPTZ,
    refinement            JSONB,
    refined_at            TIMESTAMPTZ,
    -- when the next version replaced it
    superseded_at         TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (experiment_id, version)
);
