-- Control sets carry where they come from (api-contract 6.4): a free-text source, tags to find them
-- by, and provenance notes.
ALTER TABLE control_sets ADD COLUMN source           TEXT;
ALTER TABLE control_sets ADD COLUMN tags             TEXT[] NOT NULL DEFAULT '{}';
ALTER TABLE control_sets ADD COLUMN provenance_notes TEXT;
CREATE INDEX control_sets_public ON control_sets (site_id, created_at DESC) WHERE is_public;
