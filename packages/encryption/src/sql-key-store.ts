import {
  EngramError,
  type DataKey,
  type DataKeyStore,
  type KeyInfo,
  type KeyLookup,
  type KeySubject,
  type ShredOutcome,
  type SqlDatabase,
  type SqlExecutor,
} from '@engram/core';
import { newKeyMaterial, newKid } from './aes-gcm-cipher';
import { assertSameMaster, eventKeyAad, keyAad, type MasterKey } from './master-key';

/** Tables the SQL key store keeps (not read models: a replay never touches them). */
export const SQL_KEY_TABLES = ['engram_data_keys', 'engram_event_keys'] as const;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS engram_keystore_meta (k text PRIMARY KEY, v text NOT NULL);
CREATE TABLE IF NOT EXISTS engram_data_keys (
  kid         text        PRIMARY KEY,
  tenant_id   text        NOT NULL,
  user_id     text        NOT NULL,
  kind        text        NOT NULL,
  item        text,
  generation  integer,
  is_current  boolean     NOT NULL DEFAULT false,
  wrapped     text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  shredded_at timestamptz,
  erasure_id  text
);
CREATE UNIQUE INDEX IF NOT EXISTS engram_data_keys_current_idx ON engram_data_keys (tenant_id, user_id) WHERE kind = 'subject' AND is_current;
CREATE UNIQUE INDEX IF NOT EXISTS engram_data_keys_item_idx ON engram_data_keys (tenant_id, user_id, item) WHERE kind = 'item' AND wrapped IS NOT NULL;
CREATE INDEX IF NOT EXISTS engram_data_keys_subject_idx ON engram_data_keys (tenant_id, user_id);
CREATE TABLE IF NOT EXISTS engram_event_keys (
  kid      text NOT NULL,
  event_id text NOT NULL,
  wrapped  text NOT NULL,
  PRIMARY KEY (kid, event_id)
);`;

/** Advisory lock namespace of the key store (one subject's rotations run one at a time). */
const LOCK_SPACE = 0x656b6579; // "ekey"

export interface SqlKeyStoreOptions {
  db: SqlDatabase;
  master: MasterKey;
  eventKey: (key: DataKey, eventId: string) => Uint8Array;
  /** How long an unwrapped key is reused before it is read again (another process may shred it). */
  cacheMs?: number;
}

interface Row {
  kid: string;
  tenant_id: string;
  user_id: string;
  kind: 'subject' | 'item';
  item: string | null;
  wrapped: string | null;
  erasure_id: string | null;
}

/**
 * The distributed key store: wrapped keys in PostgreSQL (any SqlDatabase), shared by every service.
 * A key is committed before it is handed out; keys to seal with are read from the table on every
 * append (never from a cache), so a rotation in one process is seen by the next append anywhere.
 * Shredding sets the wrapped key to NULL in one transaction; the erasure's vacuum then rewrites the
 * table so the old bytes are gone from the heap.
 */
export async function openSqlKeyStore(opts: SqlKeyStoreOptions): Promise<DataKeyStore> {
  const { db, master } = opts;
  const cacheMs = opts.cacheMs ?? 30_000;
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [LOCK_SPACE]);
    await tx.query(SCHEMA);
    const r = await tx.query<{ v: string }>("SELECT v FROM engram_keystore_meta WHERE k = 'check'");
    assertSameMaster(r.rows[0]?.v ?? null, master, 'the engram_data_keys table');
    if (!r.rows[0]) await tx.query("INSERT INTO engram_keystore_meta (k, v) VALUES ('check', $1)", [master.check]);
  });

  const cache = new Map<string, { at: number; lookup: KeyLookup }>();
  const remember = (kid: string, lookup: KeyLookup) => {
    if (cache.size >= 100_000) cache.delete(cache.keys().next().value!);
    cache.set(kid, { at: Date.now(), lookup });
  };
  const toKey = (r: Row): DataKey => ({
    kid: r.kid,
    material: master.unwrap(r.wrapped!, keyAad(r.kid, r.tenant_id, r.user_id)),
  });
  const unavailable = (e: unknown, what: string) =>
    e instanceof EngramError
      ? e
      : new EngramError('KEY_UNAVAILABLE', `key store: cannot ${what}: ${(e as Error).message}`, { cause: e });
  let closed = false;
  const guard = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    if (closed) throw new EngramError('SHUTTING_DOWN', 'the key store is closed');
    try {
      return await fn();
    } catch (e) {
      throw unavailable(e, what);
    }
  };

  const currentRow = async (x: SqlExecutor, s: KeySubject) =>
    (
      await x.query<Row>(
        "SELECT * FROM engram_data_keys WHERE tenant_id = $1 AND user_id = $2 AND kind = 'subject' AND is_current",
        [s.tenantId, s.userId],
      )
    ).rows[0];

  const insertSubject = async (x: SqlExecutor, s: KeySubject) => {
    const kid = newKid();
    await x.query(
      `INSERT INTO engram_data_keys (kid, tenant_id, user_id, kind, generation, is_current, wrapped)
       SELECT $1, $2, $3, 'subject', COALESCE(max(generation), 0) + 1, true, $4 FROM engram_data_keys WHERE tenant_id = $2 AND user_id = $3 AND kind = 'subject'
       ON CONFLICT (tenant_id, user_id) WHERE kind = 'subject' AND is_current DO NOTHING`,
      [kid, s.tenantId, s.userId, master.wrap(newKeyMaterial(), keyAad(kid, s.tenantId, s.userId))],
    );
  };

  return {
    sqlTables: SQL_KEY_TABLES,

    subjectKey: (s) =>
      guard('read the subject key', async () => {
        let row = await currentRow(db, s);
        if (!row) {
          await insertSubject(db, s);
          row = await currentRow(db, s);
        }
        if (!row)
          throw new EngramError(
            'KEY_UNAVAILABLE',
            'the subject key vanished while it was created (a concurrent shred?)',
          );
        return toKey(row);
      }),

    itemKeys: (s, wanted) =>
      guard('create item keys', async () => {
        const list = [...new Set(wanted)];
        const out = new Map<string, DataKey>();
        if (list.length === 0) return out;
        const kids = list.map(() => newKid());
        await db.query(
          `INSERT INTO engram_data_keys (kid, tenant_id, user_id, kind, item, wrapped)
           SELECT x.kid, $1, $2, 'item', x.item, x.wrapped FROM unnest($3::text[], $4::text[], $5::text[]) AS x(kid, item, wrapped)
           ON CONFLICT (tenant_id, user_id, item) WHERE kind = 'item' AND wrapped IS NOT NULL DO NOTHING`,
          [
            s.tenantId,
            s.userId,
            kids,
            list,
            list.map((_, i) => master.wrap(newKeyMaterial(), keyAad(kids[i]!, s.tenantId, s.userId))),
          ],
        );
        const r = await db.query<Row>(
          "SELECT * FROM engram_data_keys WHERE tenant_id = $1 AND user_id = $2 AND kind = 'item' AND wrapped IS NOT NULL AND item = ANY($3::text[])",
          [s.tenantId, s.userId, list],
        );
        for (const row of r.rows) out.set(row.item!, toKey(row));
        for (const item of list)
          if (!out.has(item))
            throw new EngramError(
              'KEY_UNAVAILABLE',
              `the key of ${item} vanished while it was created (a concurrent shred?)`,
            );
        return out;
      }),

    lookup: (refs) =>
      guard('look keys up', async () => {
        const now = Date.now();
        const need = [...new Set(refs.map((r) => r.kid))].filter((kid) => {
          const c = cache.get(kid);
          return !c || now - c.at > cacheMs;
        });
        const fresh = new Map<string, KeyLookup>();
        if (need.length > 0) {
          const r = await db.query<Row>('SELECT * FROM engram_data_keys WHERE kid = ANY($1::text[])', [need]);
          const found = new Map(r.rows.map((row) => [row.kid, row]));
          for (const kid of need) {
            const row = found.get(kid);
            const l: KeyLookup = !row
              ? { state: 'unknown' }
              : row.wrapped !== null
                ? { state: 'key', key: toKey(row) }
                : { state: 'shredded', erasureId: row.erasure_id };
            fresh.set(kid, l);
            // An unknown key is never remembered: another process may commit it any moment.
            if (row) remember(kid, l);
          }
        }
        const results = refs.map((r) => fresh.get(r.kid) ?? cache.get(r.kid)!.lookup);
        // A shredded key may have kept single events: those are looked up one by one.
        const kept = refs.map((r, i) => ({ r, i })).filter(({ i }) => results[i]!.state === 'shredded');
        if (kept.length > 0) {
          const k = await db.query<{
            kid: string;
            event_id: string;
            wrapped: string;
            tenant_id: string;
            user_id: string;
          }>(
            `SELECT e.kid, e.event_id, e.wrapped, d.tenant_id, d.user_id FROM engram_event_keys e JOIN engram_data_keys d ON d.kid = e.kid
             WHERE (e.kid, e.event_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
            [kept.map(({ r }) => r.kid), kept.map(({ r }) => r.eventId)],
          );
          const byRef = new Map(k.rows.map((row) => [`${row.kid}\u0000${row.event_id}`, row]));
          for (const { r, i } of kept) {
            const row = byRef.get(`${r.kid}\u0000${r.eventId}`);
            if (row)
              results[i] = {
                state: 'event',
                eventKey: master.unwrap(row.wrapped, eventKeyAad(row.kid, row.event_id, row.tenant_id, row.user_id)),
              };
          }
        }
        return results;
      }),

    rotateSubject: (s) =>
      guard('rotate the subject key', () =>
        db.transaction(async (tx) => {
          await tx.query('SELECT pg_advisory_xact_lock($1::integer, hashtext($2))', [
            LOCK_SPACE,
            `${s.tenantId}/${s.userId}`,
          ]);
          await tx.query(
            "UPDATE engram_data_keys SET is_current = false WHERE tenant_id = $1 AND user_id = $2 AND kind = 'subject' AND is_current",
            [s.tenantId, s.userId],
          );
          await insertSubject(tx, s);
          const row = await currentRow(tx, s);
          return toKey(row!);
        }),
      ),

    keysOf: (s) =>
      guard('list keys', async (): Promise<KeyInfo[]> => {
        const r = await db.query<Row>(
          'SELECT * FROM engram_data_keys WHERE tenant_id = $1 AND user_id = $2 ORDER BY created_at, kid',
          [s.tenantId, s.userId],
        );
        return r.rows.map((row) => ({ kid: row.kid, kind: row.kind, item: row.item, shredded: row.wrapped === null }));
      }),

    shred: (req) =>
      guard('shred keys', () =>
        db.transaction(async (tx): Promise<ShredOutcome> => {
          const s = req.subject;
          await tx.query('SELECT pg_advisory_xact_lock($1::integer, hashtext($2))', [
            LOCK_SPACE,
            `${s.tenantId}/${s.userId}`,
          ]);
          const live = await tx.query<Row>(
            'SELECT * FROM engram_data_keys WHERE tenant_id = $1 AND user_id = $2 AND wrapped IS NOT NULL AND kid = ANY($3::text[]) FOR UPDATE',
            [s.tenantId, s.userId, [...req.destroy]],
          );
          const rows = new Map(live.rows.map((r) => [r.kid, r]));
          let kept = 0;
          for (const { kid, eventId } of req.keep) {
            const row = rows.get(kid);
            if (!row) continue;
            const ek = opts.eventKey(toKey(row), eventId);
            const ins = await tx.query(
              'INSERT INTO engram_event_keys (kid, event_id, wrapped) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
              [kid, eventId, master.wrap(ek, eventKeyAad(kid, eventId, row.tenant_id, row.user_id))],
            );
            kept += ins.rowCount;
          }
          const done = await tx.query(
            'UPDATE engram_data_keys SET wrapped = NULL, is_current = false, shredded_at = now(), erasure_id = $2 WHERE kid = ANY($1::text[]) AND wrapped IS NOT NULL',
            [[...rows.keys()], req.erasureId],
          );
          for (const kid of rows.keys()) cache.delete(kid);
          return { destroyed: done.rowCount, kept };
        }),
      ),

    async close() {
      closed = true;
      cache.clear();
    },
  };
}
