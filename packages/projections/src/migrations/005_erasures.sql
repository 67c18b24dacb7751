-- B2: one row per erasure request (memory, key or user) and its report. It holds ids, times and counts,
-- never the erased content (a key erasure does not record the key). Owned by the semantic projection;
-- a user's erasure keeps the rows of its own requests: they are the audit trail.
CREATE TABLE IF NOT EXISTS erasures (
  id               uuid PRIMARY KEY,
  tenant_id        text        NOT NULL,
  user_id          text        NOT NULL,
  target           text        NOT NULL,
  memory_id        uuid,
  request_event_id uuid        NOT NULL,
  requested_by     text        NOT NULL,
  requested_at     timestamptz NOT NULL,
  status           text        NOT NULL DEFAULT 'pending',
  completed_at     timestamptz,
  removed          jsonb       NOT NULL DEFAULT '{}',
  error            text
);
CREATE INDEX IF NOT EXISTS erasures_subject_idx ON erasures (tenant_id, user_id, requested_at);
