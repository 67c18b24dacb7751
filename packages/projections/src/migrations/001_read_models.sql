-- Read models of Engram. Same SQL on PGlite (embedded) and PostgreSQL 15 (distributed).
-- Owners: working → working_entries, sessions; episodic → messages, episodes;
-- semantic → memories, memory_history, contradictions, skills, write_rejections; archival → archive_entries.
-- Every projector commits its rows and its projection_checkpoints row in one transaction.

CREATE TABLE IF NOT EXISTS projection_checkpoints (
  projection  text        NOT NULL,
  partition   integer     NOT NULL,
  next_offset bigint      NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (projection, partition)
);

CREATE TABLE IF NOT EXISTS sessions (
  tenant_id        text        NOT NULL,
  user_id          text        NOT NULL,
  session_id       text        NOT NULL,
  agent_id         text,
  started_at       timestamptz NOT NULL,
  last_activity_at timestamptz NOT NULL,
  ended_at         timestamptz,
  end_reason       text,
  message_count    integer     NOT NULL DEFAULT 0,
  PRIMARY KEY (tenant_id, user_id, session_id)
);
CREATE INDEX IF NOT EXISTS sessions_open_idx ON sessions (last_activity_at) WHERE ended_at IS NULL;

CREATE TABLE IF NOT EXISTS working_entries (
  id          text             PRIMARY KEY,          -- event id of a message, memory id of a note
  tenant_id   text             NOT NULL,
  user_id     text             NOT NULL,
  agent_id    text,
  session_id  text             NOT NULL,
  kind        text             NOT NULL,             -- 'message' | 'note'
  role        text,
  content     text             NOT NULL,
  importance  double precision NOT NULL,
  at          timestamptz      NOT NULL,
  seq         bigint           NOT NULL              -- log offset, for ring-buffer order
);
CREATE INDEX IF NOT EXISTS working_entries_session_idx ON working_entries (tenant_id, user_id, session_id, seq);

CREATE TABLE IF NOT EXISTS messages (
  event_id    uuid        PRIMARY KEY,
  tenant_id   text        NOT NULL,
  user_id     text        NOT NULL,
  agent_id    text,
  session_id  text        NOT NULL,
  message_id  text        NOT NULL,
  role        text        NOT NULL,
  content     text        NOT NULL,
  at          timestamptz NOT NULL,
  seq         bigint      NOT NULL,
  metadata    jsonb       NOT NULL DEFAULT '{}'::jsonb,
  UNIQUE (tenant_id, user_id, session_id, message_id)
);
CREATE INDEX IF NOT EXISTS messages_session_idx ON messages (tenant_id, user_id, session_id, seq);

CREATE TABLE IF NOT EXISTS episodes (
  id                  uuid             PRIMARY KEY,
  tenant_id           text             NOT NULL,
  user_id             text             NOT NULL,
  agent_id            text,
  session_key         text             NOT NULL,
  summary             text             NOT NULL,
  message_range_start text,
  message_range_end   text,
  entity_ids          text[]           NOT NULL DEFAULT '{}',
  importance          double precision NOT NULL,
  source_message_ids  text[]           NOT NULL DEFAULT '{}',
  started_at          timestamptz,
  ended_at            timestamptz,
  created_at          timestamptz      NOT NULL
);
CREATE INDEX IF NOT EXISTS episodes_user_idx ON episodes (tenant_id, user_id, created_at);

CREATE TABLE IF NOT EXISTS memories (
  id                 uuid             PRIMARY KEY,
  tenant_id          text             NOT NULL,
  user_id            text             NOT NULL,
  agent_id           text,
  type               text             NOT NULL,      -- USER | ENVIRONMENT
  tier               text             NOT NULL,      -- SEMANTIC | ARCHIVAL | WORKING
  kind               text             NOT NULL DEFAULT 'memory', -- memory | profile | fact | event | summary
  key                text,
  content            text             NOT NULL,
  tags               text[]           NOT NULL DEFAULT '{}',
  source_session     text,
  created_at         timestamptz      NOT NULL,
  updated_at         timestamptz      NOT NULL,
  importance         double precision NOT NULL,
  access_count       integer          NOT NULL DEFAULT 0,
  last_accessed      timestamptz,
  embedding_id       text,
  episode_id         uuid,
  version            integer          NOT NULL DEFAULT 1,
  superseded_by      uuid,
  source             text             NOT NULL,      -- user_stated | consolidated | model_inferred | legacy
  pinned             boolean          NOT NULL DEFAULT false,
  scope              text,
  confidence         double precision NOT NULL DEFAULT 1,
  metadata           jsonb            NOT NULL DEFAULT '{}'::jsonb,
  source_message_ids text[]           NOT NULL DEFAULT '{}',
  valid_from         timestamptz,
  last_event_id      uuid             NOT NULL
);
CREATE INDEX IF NOT EXISTS memories_user_tier_idx ON memories (tenant_id, user_id, tier);
CREATE INDEX IF NOT EXISTS memories_user_key_idx ON memories (tenant_id, user_id, key) WHERE key IS NOT NULL;

CREATE TABLE IF NOT EXISTS memory_history (
  event_id      uuid        NOT NULL,
  memory_id     uuid        NOT NULL,
  action        text        NOT NULL,  -- created | superseded | deduplicated | archived | restored | pinned | unpinned | forgotten | rejected
  tenant_id     text        NOT NULL,
  user_id       text        NOT NULL,
  key           text,
  version       integer,
  content       text,
  source        text,
  related_id    uuid,                  -- the entry that superseded / was superseded by this one
  reason        text,
  at            timestamptz NOT NULL,
  PRIMARY KEY (event_id, memory_id, action)
);
CREATE INDEX IF NOT EXISTS memory_history_memory_idx ON memory_history (memory_id, at);
CREATE INDEX IF NOT EXISTS memory_history_key_idx ON memory_history (tenant_id, user_id, key, at);

CREATE TABLE IF NOT EXISTS contradictions (
  id            uuid             PRIMARY KEY,
  tenant_id     text             NOT NULL,
  user_id       text             NOT NULL,
  entry_a_id    uuid             NOT NULL,
  entry_b_id    uuid             NOT NULL,
  description   text             NOT NULL,
  confidence    double precision NOT NULL,
  candidate     jsonb,
  resolution    text,
  resolved_by   text,
  detected_at   timestamptz      NOT NULL,
  resolved_at   timestamptz
);
CREATE INDEX IF NOT EXISTS contradictions_user_idx ON contradictions (tenant_id, user_id, resolved_at);

CREATE TABLE IF NOT EXISTS skills (
  id             uuid        PRIMARY KEY,
  tenant_id      text        NOT NULL,
  user_id        text        NOT NULL,
  agent_id       text,
  name           text        NOT NULL,
  when_to_use    text        NOT NULL,
  steps          jsonb       NOT NULL,
  last_used      timestamptz,
  success_count  integer     NOT NULL DEFAULT 0,
  failure_count  integer     NOT NULL DEFAULT 0,
  UNIQUE (tenant_id, user_id, name)
);

CREATE TABLE IF NOT EXISTS write_rejections (
  event_id       uuid        PRIMARY KEY,
  tenant_id      text        NOT NULL,
  user_id        text        NOT NULL,
  agent_id       text,
  session_id     text,
  attempted      text        NOT NULL,
  code           text        NOT NULL,
  reason         text        NOT NULL,
  field          text,
  content_sha256 text        NOT NULL,
  match          text,
  at             timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS archive_entries (
  memory_id            uuid             PRIMARY KEY,
  tenant_id            text             NOT NULL,
  user_id              text             NOT NULL,
  reason               text             NOT NULL,
  superseded_by        uuid,
  effective_importance double precision,
  archived_at          timestamptz      NOT NULL,
  archived_event_id    uuid             NOT NULL,
  restored_at          timestamptz,
  restored_event_id    uuid
);
CREATE INDEX IF NOT EXISTS archive_entries_user_idx ON archive_entries (tenant_id, user_id, archived_at);
