-- How an experiment's typed control IDs were resolved against the site before anything was counted
-- (renamed, unknown and merged IDs; api ControlResolution). Experiments from before have none.
ALTER TABLE experiments ADD COLUMN control_resolution JSONB;
