-- L8: events a projection could not apply after bounded retries (owned by no projection: every
-- projector, the search index and the consolidator record here; the admin API lists and retries).
CREATE TABLE IF NOT EXISTS dead_letters (
  id                 uuid        PRIMARY KEY,      -- derived from (projection, partition, offset)
  projection         text        NOT NULL,
  partition          integer     NOT NULL,
  "offset"           bigint      NOT NULL,
  event_id           text,
  event_type         text,
  tenant_id          text,
  user_id            text,
  code               text        NOT NULL,
  error              text        NOT NULL,
  attempts           integer     NOT NULL,
  status             text        NOT NULL DEFAULT 'dead',   -- dead | retry_requested
  first_failed_at    timestamptz NOT NULL DEFAULT now(),
  last_failed_at     timestamptz NOT NULL DEFAULT now(),
  retry_requested_at timestamptz
);
CREATE INDEX IF NOT EXISTS dead_letters_projection_idx ON dead_letters (projection, status, "offset");
CREATE INDEX IF NOT EXISTS dead_letters_user_idx ON dead_letters (tenant_id, user_id);
CREATE INDEX IF NOT EXISTS dead_letters_event_idx ON dead_letters (event_id);

-- Write status: what each projection made of an acknowledged event (applied, with the memory it
-- produced, or rejected with a code and reason such as PROVENANCE_REJECTED), written in the
-- projection's own transaction. GET /v1/events/{eventId} reads it together with dead_letters.
CREATE TABLE IF NOT EXISTS event_status (
  event_id   uuid        NOT NULL,
  projection text        NOT NULL,
  tenant_id  text        NOT NULL,
  user_id    text        NOT NULL,
  partition  integer     NOT NULL,
  "offset"   bigint      NOT NULL,
  event_type text        NOT NULL,
  outcome    text        NOT NULL,   -- applied | rejected
  memory_id  uuid,
  code       text,
  reason     text,
  at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, projection)
);
CREATE INDEX IF NOT EXISTS event_status_user_idx ON event_status (tenant_id, user_id);
