-- Planning artifacts (save_planning_artifact): a plan the agent wrote down with the conversation,
-- gone with it.
CREATE TABLE planning_artifacts (
    id          UUID        PRIMARY KEY,
    strategy_id UUID        NOT NULL REFERENCES strategies (id) ON DELETE CASCADE,
    title       TEXT        NOT NULL,
    -- Markdown
    summary     TEXT        NOT NULL,
    -- {"items": ["…", …]}
    assumptions JSONB       NOT NULL,
    parameters  JSONB       NOT NULL,
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX planning_artifacts_strategy ON planning_artifacts (strategy_id, created_at, id);
