-- Whether a conversation's strategy on the site is out of date: the fingerprint of the graph's
-- site-relevant content now (kept with every write of the graph) and as it was last put on, or
-- read from, the site (push, import). They differ once the chat changes the graph after a save.
ALTER TABLE strategies ADD COLUMN graph_fingerprint TEXT;
ALTER TABLE strategies ADD COLUMN site_fingerprint TEXT;
ALTER TABLE strategies ADD COLUMN site_saved_at TIMESTAMPTZ;
