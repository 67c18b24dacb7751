-- The API key that wrote a held write (the envelope's keyId): a release appends the held event with it,
-- so its provenance is the writer's, not the operator's.
ALTER TABLE quarantined_writes ADD COLUMN IF NOT EXISTS key_id text;
