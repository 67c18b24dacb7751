-- The in-memory write precheck (semantic/write-precheck.ts) reads back, after each projected batch,
-- the entries the batch's events changed: by the event that changed them last.
CREATE INDEX IF NOT EXISTS memories_last_event_idx ON memories (last_event_id);
