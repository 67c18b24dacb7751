-- Writes the content scanner held back (policy quarantine), projected by the semantic projector from
-- ContentQuarantined and QuarantineResolved. A pending row is what an operator can release or discard.
CREATE TABLE IF NOT EXISTS quarantined_writes (
  tenant_id           text             NOT NULL,
  quarantine_id       text             NOT NULL,
  user_id             text             NOT NULL,
  agent_id            text,
  session_id          text,
  event_id            text             NOT NULL,
  attempted           text             NOT NULL,
  held_type           text             NOT NULL,
  held_schema_version integer          NOT NULL,
  held_payload        jsonb            NOT NULL,
  code                text             NOT NULL,
  reason              text             NOT NULL,
  intents             jsonb            NOT NULL,
  score               double precision NOT NULL,
  field               text,
  match               text,
  scanner             text             NOT NULL,
  occurred_at         timestamptz      NOT NULL,
  quarantined_at      timestamptz      NOT NULL,
  status              text             NOT NULL DEFAULT 'pending',
  resolved_at         timestamptz,
  resolved_by         text,
  released_event_id   text,
  note                text,
  PRIMARY KEY (tenant_id, quarantine_id)
);
CREATE INDEX IF NOT EXISTS quarantined_writes_status_idx ON quarantined_writes (tenant_id, status, quarantined_at);
CREATE INDEX IF NOT EXISTS quarantined_writes_user_idx ON quarantined_writes (tenant_id, user_id);
