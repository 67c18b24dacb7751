-- API keys (P5). Not a read model: never rebuilt from the log and never touched by `engram replay`.
-- Only the SHA-256 of a key is stored; the key itself is shown once, when it is created.
CREATE TABLE IF NOT EXISTS api_keys (
  id           text        PRIMARY KEY,
  key_hash     text        NOT NULL UNIQUE,
  prefix       text        NOT NULL,
  name         text,
  tenant_id    text        NOT NULL,
  user_id      text,
  agent_id     text,
  scopes       text[]      NOT NULL,
  created_at   timestamptz NOT NULL,
  created_by   text,
  last_used_at timestamptz,
  expires_at   timestamptz,
  revoked_at   timestamptz
);
CREATE INDEX IF NOT EXISTS api_keys_tenant_idx ON api_keys (tenant_id, created_at DESC);
