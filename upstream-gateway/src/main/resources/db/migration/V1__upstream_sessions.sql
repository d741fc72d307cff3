-- Upstream (VEuPathDB WDK) sessions, one per StrategyLab user and site. The cookie jar is the
-- user's credential on the upstream site: it is stored encrypted and never sent to a browser.
CREATE TABLE upstream_sessions (
    owner_id          TEXT        NOT NULL,
    site_id           TEXT        NOT NULL,
    upstream_user_id  BIGINT,
    cookie_jar        BYTEA       NOT NULL,
    signed_in         BOOLEAN     NOT NULL DEFAULT FALSE,
    created_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    updated_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (owner_id, site_id)
);
