-- Outbound webhooks (issue 18): the endpoints an operator registered and the delivery log.
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id          uuid        PRIMARY KEY,
  tenant_id   text        NOT NULL,
  url         text        NOT NULL,
  -- The HMAC-SHA256 key receivers verify with; shown once, when the endpoint is created.
  secret      text        NOT NULL,
  events      text[]      NOT NULL,
  description text,
  created_at  timestamptz NOT NULL,
  created_by  text,
  deleted_at  timestamptz
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_tenant_idx ON webhook_endpoints (tenant_id) WHERE deleted_at IS NULL;

CREATE TABLE IF NOT EXISTS webhook_deliveries (
  -- Derived from (endpoint, event, type): a redelivered log event queues nothing twice.
  id              uuid        PRIMARY KEY,
  endpoint_id     uuid        NOT NULL,
  tenant_id       text        NOT NULL,
  event_id        text        NOT NULL,
  event_type      text        NOT NULL,   -- memory.added | memory.updated | memory.superseded | memory.forgotten
  position        text        NOT NULL,
  payload         text        NOT NULL,   -- the JSON body, signed as sent
  status          text        NOT NULL,   -- pending | delivered | failed
  attempts        integer     NOT NULL DEFAULT 0,
  last_status     integer,
  last_error      text,
  created_at      timestamptz NOT NULL,
  next_attempt_at timestamptz NOT NULL,
  claimed_until   timestamptz,
  delivered_at    timestamptz
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at);
