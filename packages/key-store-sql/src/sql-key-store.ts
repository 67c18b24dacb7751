import {
  EngramError,
  type ApiKeyRecord,
  type ApiScope,
  type KeyListFilter,
  type KeyStore,
  type NewApiKey,
  type SqlDatabase,
} from '@engram/core';

export interface SqlKeyStoreOptions {
  /**
   * True when this process is the only one that can write the table (PGlite: one process per data
   * directory). Keys are then served from memory, so authentication never waits for the database
   * (PGlite runs one statement at a time, projector transactions included). On a shared store
   * (Postgres, several services) every lookup reads the table: a revocation by any service holds
   * for the next request everywhere.
   */
  exclusive?: boolean;
}

type Row = Record<string, unknown>;
const COLUMNS =
  'id, key_hash, prefix, name, tenant_id, user_id, agent_id, scopes, created_at, created_by, last_used_at, expires_at, revoked_at';
const MAX_LIST = 1000;

const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const isoOrNull = (v: unknown): string | null => (v == null ? null : iso(v));
const strOrNull = (v: unknown): string | null => (v == null ? null : String(v));

function recordOf(r: Row): { hash: string; record: ApiKeyRecord } {
  return {
    hash: String(r.key_hash),
    record: {
      id: String(r.id),
      prefix: String(r.prefix),
      name: strOrNull(r.name),
      tenantId: String(r.tenant_id),
      userId: strOrNull(r.user_id),
      agentId: strOrNull(r.agent_id),
      scopes: ((r.scopes as string[] | null) ?? []) as ApiScope[],
      createdAt: iso(r.created_at),
      createdBy: strOrNull(r.created_by),
      lastUsedAt: isoOrNull(r.last_used_at),
      expiresAt: isoOrNull(r.expires_at),
      revokedAt: isoOrNull(r.revoked_at),
    },
  };
}

const copy = (r: ApiKeyRecord): ApiKeyRecord => ({ ...r, scopes: [...r.scopes] });

/** The KeyStore port on the api_keys table (migrations in ./migrations, applied by the runtime). */
export async function openSqlKeyStore(db: SqlDatabase, opts: SqlKeyStoreOptions = {}): Promise<KeyStore> {
  // Exclusive mode: every key by hash, and the hash of every id.
  const byHash = new Map<string, ApiKeyRecord>();
  const hashOf = new Map<string, string>();
  const remember = (hash: string, record: ApiKeyRecord) => {
    byHash.set(hash, record);
    hashOf.set(record.id, hash);
  };
  if (opts.exclusive) {
    for (const row of (await db.query<Row>(`SELECT ${COLUMNS} FROM api_keys`)).rows) {
      const { hash, record } = recordOf(row);
      remember(hash, record);
    }
  }

  const one = async (sql: string, params: unknown[]): Promise<{ hash: string; record: ApiKeyRecord } | null> => {
    const r = await db.query<Row>(sql, params);
    return r.rows[0] ? recordOf(r.rows[0]) : null;
  };

  return {
    async insert(k: NewApiKey): Promise<ApiKeyRecord> {
      const inserted = await one(
        `INSERT INTO api_keys (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11, NULL)
         ON CONFLICT DO NOTHING RETURNING ${COLUMNS}`,
        [
          k.id,
          k.hash,
          k.prefix,
          k.name,
          k.tenantId,
          k.userId,
          k.agentId,
          [...k.scopes],
          k.createdAt,
          k.createdBy,
          k.expiresAt,
        ],
      );
      if (!inserted)
        throw new EngramError('CONFLICT', `an API key with id ${k.id} or the same secret already exists`, {
          details: { id: k.id },
        });
      if (opts.exclusive) remember(inserted.hash, inserted.record);
      return copy(inserted.record);
    },

    async findByHash(hash: string): Promise<ApiKeyRecord | null> {
      if (opts.exclusive) {
        const r = byHash.get(hash);
        return r ? copy(r) : null;
      }
      return (await one(`SELECT ${COLUMNS} FROM api_keys WHERE key_hash = $1`, [hash]))?.record ?? null;
    },

    async get(id: string): Promise<ApiKeyRecord | null> {
      if (opts.exclusive) {
        const hash = hashOf.get(id);
        const r = hash === undefined ? undefined : byHash.get(hash);
        return r ? copy(r) : null;
      }
      return (await one(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [id]))?.record ?? null;
    },

    async list(filter: KeyListFilter = {}): Promise<ApiKeyRecord[]> {
      const limit = Math.max(1, Math.min(MAX_LIST, Math.floor(filter.limit ?? MAX_LIST)));
      const r = await db.query<Row>(
        `SELECT ${COLUMNS} FROM api_keys WHERE ($1::text IS NULL OR tenant_id = $1) AND ($2::boolean OR revoked_at IS NULL)
         ORDER BY created_at DESC, id LIMIT $3`,
        [filter.tenantId ?? null, filter.includeRevoked ?? false, limit],
      );
      return r.rows.map((row) => recordOf(row).record);
    },

    async revoke(id: string, at: string): Promise<ApiKeyRecord | null> {
      const r = await one(
        `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $2::timestamptz) WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, at],
      );
      if (!r) return null;
      if (opts.exclusive) remember(r.hash, r.record);
      return copy(r.record);
    },

    async touch(id: string, at: string): Promise<void> {
      const r = await one(
        `UPDATE api_keys SET last_used_at = GREATEST(COALESCE(last_used_at, $2::timestamptz), $2::timestamptz) WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, at],
      );
      if (r && opts.exclusive) remember(r.hash, r.record);
    },
  };
}
