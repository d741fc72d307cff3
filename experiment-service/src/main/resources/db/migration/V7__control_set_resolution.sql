-- How a control set's typed IDs resolved against its site when its lists were last saved (api
-- ControlSetResolution: renamed, unknown and merged IDs, or "unknown" when the site could not be
-- asked). The IDs themselves stay as typed; sets saved before have none.
ALTER TABLE control_sets ADD COLUMN resolution JSONB;
