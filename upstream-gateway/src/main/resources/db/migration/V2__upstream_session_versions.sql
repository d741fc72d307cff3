-- Issue 11 point 6: every replica keeps loaded sessions in memory. A version, raised by every write,
-- lets a replica see that another one changed or deleted (signed out) a session since it loaded it,
-- and refuse to write back a copy that is no longer current.
ALTER TABLE upstream_sessions ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
