-- Strategy discoveries (issue 36): controls in, a strategy out. The id is the discovery's operation
-- id; the request (its controls resolved against the site), what the resolution changed, and the
-- result are JSON documents; status and owner are columns because reads filter on them.
CREATE TABLE strategy_discoveries (
    id                  UUID        PRIMARY KEY,
    owner_id            TEXT        NOT NULL,
    site_id             TEXT        NOT NULL,
    status              TEXT        NOT NULL,
    request             JSONB       NOT NULL,
    control_resolution  JSONB,
    result              JSONB,
    error               TEXT,
    created_at          TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at          TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX strategy_discoveries_owner ON strategy_discoveries (owner_id, created_at DESC);
