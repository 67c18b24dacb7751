-- Content dedup for unkeyed writes: sha256 of the normalized content (NFKC, case-folded, collapsed
-- whitespace), computed by the semantic projector, so identical facts are found by index.
ALTER TABLE memories ADD COLUMN IF NOT EXISTS content_hash text;
CREATE INDEX IF NOT EXISTS memories_user_hash_idx ON memories (tenant_id, user_id, content_hash) WHERE tier = 'SEMANTIC';

-- The archival projector's own view of which memory holds which key (and whether it is active), so
-- a key-level forget and an implicit supersession (a newer write to the same key) reach
-- archive_entries without reading another projector's tables, which may be behind or ahead.
CREATE TABLE IF NOT EXISTS archive_memory_keys (
  memory_id   uuid    PRIMARY KEY,
  tenant_id   text    NOT NULL,
  user_id     text    NOT NULL,
  agent_id    text,
  key         text    NOT NULL,
  source      text    NOT NULL,
  version     integer NOT NULL,
  active      boolean NOT NULL
);
CREATE INDEX IF NOT EXISTS archive_memory_keys_key_idx ON archive_memory_keys (tenant_id, user_id, key);
