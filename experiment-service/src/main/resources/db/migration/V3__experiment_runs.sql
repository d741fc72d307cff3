-- Experiment runs (issue 12): the operation that runs each one, its upstream strategy and step, the
-- user's notes, the gene-ID mode input (kept out of the config document, which lists can show), and
-- whether the metrics still describe the current step (a refine makes them stale until re-evaluated).
ALTER TABLE experiments ADD COLUMN operation_id          UUID;
ALTER TABLE experiments ADD COLUMN notes                 TEXT;
ALTER TABLE experiments ADD COLUMN upstream_strategy_id  BIGINT;
ALTER TABLE experiments ADD COLUMN upstream_step_id      BIGINT;
ALTER TABLE experiments ADD COLUMN control_set_label     TEXT;
ALTER TABLE experiments ADD COLUMN is_primary_benchmark  BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE experiments ADD COLUMN metrics_stale         BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE experiments ADD COLUMN target_gene_ids       JSONB;
ALTER TABLE experiments ADD COLUMN total_time_seconds    DOUBLE PRECISION;
ALTER TABLE experiments ADD COLUMN updated_at            TIMESTAMPTZ NOT NULL DEFAULT now();
CREATE INDEX experiments_owner_status ON experiments (owner_id, status, created_at DESC);
-- the reconciler looks for unfinished rows
CREATE INDEX experiments_unfinished ON experiments (operation_id) WHERE status IN ('pending', 'running');
