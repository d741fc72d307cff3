-- A claimed operation whose worker died may be run again from the start by another worker
-- (issue 32): the command that started it is kept (commands carry no credential), with the topic
-- it came from, and attempts counts the runs begun, so the reaper requeues it at most
-- restart.max-attempts - 1 times. A requeued row looks queued again (no holder, claimed_at NULL);
-- attempts > 1 tells its next worker that the log already holds events to number on from.
ALTER TABLE operations ADD COLUMN command TEXT;
ALTER TABLE operations ADD COLUMN command_topic TEXT;
ALTER TABLE operations ADD COLUMN attempts INT NOT NULL DEFAULT 1;
