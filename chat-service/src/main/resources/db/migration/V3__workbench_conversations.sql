-- The workbench chat (spec §4.4): a conversation scoped to one experiment of its owner, one per
-- (owner, experiment). Such conversations are not listed among the chat's strategies.
ALTER TABLE strategies ADD COLUMN experiment_id UUID;
CREATE UNIQUE INDEX strategies_workbench ON strategies (owner_id, experiment_id) WHERE experiment_id IS NOT NULL;
