-- A gene-ID experiment's input (up to runs.max-target-genes IDs) in a table of its own: a run reads
-- it once, and nothing else (lists, views, the writes of a run's state) loads or copies it with the
-- experiment's row.
CREATE TABLE experiment_targets (
    -- checked at commit: an experiment and its input are written in one transaction, in either order
    experiment_id  UUID    PRIMARY KEY REFERENCES experiments (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
    gene_ids       TEXT[]  NOT NULL
);
INSERT INTO experiment_targets (experiment_id, gene_ids)
    SELECT id, ARRAY(SELECT jsonb_array_elements_text(target_gene_ids -> 'ids'))
    FROM experiments WHERE target_gene_ids IS NOT NULL AND jsonb_typeof(target_gene_ids -> 'ids') = 'array';
ALTER TABLE experiments DROP COLUMN target_gene_ids;
