-- Conversations are strategies (spec 1.2: every conversation is backed by one). The skeleton's
-- tables were never written by any release, so they are replaced rather than altered.
DROP TABLE messages;
DROP TABLE conversations;

CREATE TABLE strategies (
    id                   UUID        PRIMARY KEY,
    owner_id             TEXT        NOT NULL,
    site_id              TEXT        NOT NULL,
    name                 TEXT        NOT NULL,
    description          TEXT,
    record_type          TEXT        NOT NULL DEFAULT 'transcript',
    -- the step graph (StrategyGraph as JSON)
    graph                JSONB       NOT NULL,
    step_count           INTEGER     NOT NULL DEFAULT 0,
    result_count         BIGINT,
    -- the site's strategy once pushed there
    upstream_strategy_id BIGINT,
    upstream_url         TEXT,
    is_saved             BOOLEAN     NOT NULL DEFAULT false,
    model_id             TEXT,
    message_count        INTEGER     NOT NULL DEFAULT 0,
    -- set for a moment while a turn is being started, so two starts cannot both pass the
    -- one-turn-at-a-time check
    turn_starting_at     TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL,
    updated_at           TIMESTAMPTZ NOT NULL
);
CREATE INDEX strategies_owner ON strategies (owner_id, updated_at DESC, id);

-- The messages of a conversation, in order: the user's, and the assistant's with its tool calls,
-- reasoning and token usage.
CREATE TABLE messages (
    id            UUID        PRIMARY KEY,
    strategy_id   UUID        NOT NULL REFERENCES strategies (id) ON DELETE CASCADE,
    seq           INTEGER     NOT NULL,
    role          TEXT        NOT NULL CHECK (role IN ('user', 'assistant')),
    content       TEXT        NOT NULL,
    -- {"calls":[{id, name, arguments, result}]}
    tool_calls    JSONB,
    reasoning     TEXT,
    -- {promptTokens, completionTokens, ...} of the turn (assistant messages)
    token_usage   JSONB,
    model_id      TEXT,
    operation_id  UUID,
    -- completed, failed or cancelled (assistant messages)
    status        TEXT,
    created_at    TIMESTAMPTZ NOT NULL,
    UNIQUE (strategy_id, seq)
);
