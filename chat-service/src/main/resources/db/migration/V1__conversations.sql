-- Conversations: every conversation is backed by a strategy graph (spec 1.2).
CREATE TABLE conversations (
    id            UUID        PRIMARY KEY,
    owner_id      TEXT        NOT NULL,
    site_id       TEXT        NOT NULL,
    title         TEXT        NOT NULL DEFAULT '',
    strategy      JSONB       NOT NULL DEFAULT '{}'::jsonb,
    created_at    TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at    TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX conversations_owner ON conversations (owner_id, updated_at DESC);

-- The messages of a conversation, in order.
CREATE TABLE messages (
    conversation_id UUID        NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    seq             INTEGER     NOT NULL,
    role            TEXT        NOT NULL CHECK (role IN ('user', 'assistant', 'tool', 'system')),
    content         JSONB       NOT NULL,
    created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (conversation_id, seq)
);
