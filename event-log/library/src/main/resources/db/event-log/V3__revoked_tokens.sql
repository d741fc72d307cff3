-- Caller tokens signed out before they expire (the gateway's deny-list, shared by its replicas).
-- token_id is the token's jti, or a hash of the whole token when it has none; a row is useless
-- after expires_at and is deleted then.
CREATE TABLE revoked_tokens (
    token_id   TEXT        PRIMARY KEY,
    expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX revoked_tokens_expiry ON revoked_tokens (expires_at);
