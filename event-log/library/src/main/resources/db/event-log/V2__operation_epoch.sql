-- The topic's identity when the operation started (a hash of Kafka's topic id): a cursor or an
-- index row from before the topic was recreated points at offsets that mean something else now.
ALTER TABLE operations ADD COLUMN topic_epoch BIGINT NOT NULL DEFAULT 0;
-- lookups by what the operation works on (GET /operations/active?target=…)
CREATE INDEX operations_owner_target ON operations (owner_id, target_id) WHERE status = 'active';
