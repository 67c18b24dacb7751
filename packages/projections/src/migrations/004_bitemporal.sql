-- B3 bi-temporal facts. valid_from / valid_to: when the fact was true in the world (valid time;
-- valid_from defaults to when it was stated, valid_to is set when a newer value replaces it);
-- recorded_at: when Engram learned it (record time). History rows carry both times too.
ALTER TABLE memories ADD COLUMN IF NOT EXISTS valid_to timestamptz;
ALTER TABLE memories ADD COLUMN IF NOT EXISTS recorded_at timestamptz;
UPDATE memories SET valid_from = created_at WHERE valid_from IS NULL;
UPDATE memories SET recorded_at = created_at WHERE recorded_at IS NULL;
UPDATE memories m SET valid_to = s.valid_from
  FROM memories s WHERE m.superseded_by = s.id AND m.valid_to IS NULL;
CREATE INDEX IF NOT EXISTS memories_user_valid_idx ON memories (tenant_id, user_id, valid_from, valid_to);

ALTER TABLE memory_history ADD COLUMN IF NOT EXISTS recorded_at timestamptz;
ALTER TABLE memory_history ADD COLUMN IF NOT EXISTS valid_from timestamptz;
ALTER TABLE memory_history ADD COLUMN IF NOT EXISTS valid_to timestamptz;
