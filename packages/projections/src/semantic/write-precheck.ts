import {
  assertNever,
  sha256Hex,
  type ProvenanceSource,
  type Scope,
  type SqlExecutor,
  type StoredEvent,
} from '@engram/core';
import { decideKeyedWrite, type KeyedWriteDecision } from '../keyed-write';
import { isUuid } from '../sql-values';
import { contentHash } from './content-hash';

/** A write the semantic projector would take as it is, deduplicate into an active entry, or refuse (P1). */
export type PrecheckVerdict =
  | { action: 'append' }
  | { action: 'duplicate'; id: string }
  | { action: 'reject'; key: string; decision: Extract<KeyedWriteDecision, { action: 'reject' }> };

export interface WriteEntryProbe {
  key: string | null;
  content: string;
  source: ProvenanceSource;
}

/**
 * The semantic projector's write rules, applied early so the caller gets a clear answer: the same
 * holders (same agent, SEMANTIC, the key), the same guard (decideKeyedWrite), the same content-hash
 * dedup for unkeyed entries. The projector stays authoritative.
 */
export interface WritePrecheck {
  check(scope: Scope, entry: WriteEntryProbe): Promise<PrecheckVerdict>;
}

/** One active (SEMANTIC) entry of a user, as far as the precheck needs it. */
interface Held {
  id: string;
  agentId: string | null;
  key: string | null;
  source: ProvenanceSource;
  version: number;
  /** Normalised content hash (the unkeyed dedup). */
  hash: string;
  /** Hash of the exact content, for keyed entries (an identical rewrite of a key). */
  exact: string | null;
  createdAt: number;
}

function verdictOf(held: readonly Held[], agentId: string | null, entry: WriteEntryProbe): PrecheckVerdict {
  const mine = held.filter((h) => h.agentId === agentId);
  if (entry.key !== null) {
    const holders = mine.filter((h) => h.key === entry.key).sort((a, b) => a.version - b.version);
    const decision = decideKeyedWrite(holders, entry.source, entry.key);
    if (decision.action === 'reject') return { action: 'reject', key: entry.key, decision };
    const exact = sha256Hex(entry.content);
    const same = holders.find((h) => h.exact === exact);
    return same ? { action: 'duplicate', id: same.id } : { action: 'append' };
  }
  const hash = contentHash(entry.content);
  const dup = mine.filter((h) => h.hash === hash).sort((a, b) => a.createdAt - b.createdAt)[0];
  return dup ? { action: 'duplicate', id: dup.id } : { action: 'append' };
}

interface HeldRow {
  id: string;
  tenant_id: string;
  user_id: string;
  agent_id: string | null;
  key: string | null;
  source: ProvenanceSource;
  version: number;
  tier: string;
  content_hash: string | null;
  content: string | null;
  created_at: unknown;
}

const HELD_COLUMNS = `id::text AS id, tenant_id, user_id, agent_id, key, source, version, tier, content_hash,
  CASE WHEN key IS NOT NULL THEN content END AS content, created_at`;

function heldOf(r: HeldRow): Held {
  return {
    id: r.id,
    agentId: r.agent_id,
    key: r.key,
    source: r.source,
    version: Number(r.version),
    hash: r.content_hash ?? '',
    exact: r.content === null ? null : sha256Hex(r.content),
    createdAt: new Date(r.created_at as string).getTime(),
  };
}

/** The precheck asked of the read model itself (one query per write). */
export function sqlWritePrecheck(db: SqlExecutor): WritePrecheck {
  return {
    async check(scope, entry) {
      const base = [scope.tenantId, scope.userId, scope.agentId];
      const r =
        entry.key !== null
          ? await db.query<HeldRow>(
              `SELECT ${HELD_COLUMNS} FROM memories
                WHERE tenant_id = $1 AND user_id = $2 AND agent_id IS NOT DISTINCT FROM $3 AND key = $4 AND tier = 'SEMANTIC'`,
              [...base, entry.key],
            )
          : await db.query<HeldRow>(
              `SELECT ${HELD_COLUMNS} FROM memories WHERE tenant_id = $1 AND user_id = $2 AND agent_id IS NOT DISTINCT FROM $3
                  AND tier = 'SEMANTIC' AND content_hash = $4 ORDER BY created_at LIMIT 1`,
              [...base, contentHash(entry.content)],
            );
      return verdictOf(r.rows.map(heldOf), scope.agentId, entry);
    },
  };
}

/** Events that never change which entries of a user are active, their key, content or provenance. */
function changesHeld(e: StoredEvent['event']): 'no' | 'rows' | 'deletes' {
  switch (e.type) {
    case 'MemoryWritten':
    case 'FactExtracted':
    case 'MemoryPinned':
    case 'MemoryUnpinned':
    case 'MemoryArchived':
    case 'MemoryRestored':
    case 'MemorySuperseded':
      return 'rows';
    case 'MemoryForgotten':
      return 'deletes';
    case 'MemoryAccessed':
    case 'ErasureCompleted':
    case 'ContentQuarantined':
    case 'QuarantineResolved':
    case 'WriteRejected':
    case 'ContradictionDetected':
    case 'ContradictionResolved':
    case 'SkillRecorded':
    case 'MessageObserved':
    case 'SessionStarted':
    case 'SessionEnded':
    case 'EpisodeCreated':
      return 'no';
    default:
      return assertNever(e, 'event');
  }
}

/** One user's active entries, found by key and by content hash. */
class UserHeld {
  private readonly byId = new Map<string, Held>();
  private readonly byKey = new Map<string, Set<string>>();
  private readonly byHash = new Map<string, Set<string>>();

  get size(): number {
    return this.byId.size;
  }

  set(h: Held): void {
    this.delete(h.id);
    this.byId.set(h.id, h);
    if (h.key !== null) UserHeld.link(this.byKey, h.key, h.id);
    UserHeld.link(this.byHash, h.hash, h.id);
  }

  delete(id: string): boolean {
    const h = this.byId.get(id);
    if (!h) return false;
    this.byId.delete(id);
    if (h.key !== null) UserHeld.unlink(this.byKey, h.key, id);
    UserHeld.unlink(this.byHash, h.hash, id);
    return true;
  }

  /** The entries the verdict on `entry` depends on (its key's holders, or those with its content). */
  candidates(entry: WriteEntryProbe): Held[] {
    const ids = entry.key !== null ? this.byKey.get(entry.key) : this.byHash.get(contentHash(entry.content));
    return ids ? [...ids].map((id) => this.byId.get(id)!) : [];
  }

  private static link(m: Map<string, Set<string>>, k: string, id: string): void {
    const s = m.get(k);
    if (s) s.add(id);
    else m.set(k, new Set([id]));
  }

  private static unlink(m: Map<string, Set<string>>, k: string, id: string): void {
    const s = m.get(k);
    if (!s) return;
    s.delete(id);
    if (s.size === 0) m.delete(k);
  }
}

export interface SemanticWriteIndex extends WritePrecheck {
  /**
   * Called by the semantic projector's runner after a batch committed: the entries those events
   * changed are read back (by the event that changed them) for the users held here; a forget drops
   * its user, who is loaded again at the next write.
   */
  afterCommit(batch: readonly StoredEvent[]): Promise<void>;
  /** Users and entries held (for stats and tests). */
  size(): { users: number; entries: number };
}

/**
 * The precheck answered from memory: each user's active entries are loaded once (at the user's first
 * write) and kept in step by the semantic projector in the same process, so the acknowledged-write
 * path runs no SQL. Users beyond `maxEntries` held entries are dropped least recently used first.
 */
export function createSemanticWriteIndex(db: SqlExecutor, opts: { maxEntries?: number } = {}): SemanticWriteIndex {
  const maxEntries = opts.maxEntries ?? 500_000;
  const users = new Map<string, UserHeld>();
  const loading = new Map<string, { stale: boolean; done: Promise<UserHeld> }>();
  let entries = 0;
  const userKey = (tenantId: string, userId: string) => `${tenantId}\u0000${userId}`;

  const drop = (k: string) => {
    const held = users.get(k);
    if (held) entries -= held.size;
    users.delete(k);
    const l = loading.get(k);
    if (l) l.stale = true;
  };

  const evict = () => {
    for (const k of users.keys()) {
      if (entries <= maxEntries) return;
      drop(k);
    }
  };

  const load = (tenantId: string, userId: string, k: string): Promise<UserHeld> => {
    const state = { stale: false, done: Promise.resolve(new UserHeld()) };
    state.done = (async () => {
      try {
        for (;;) {
          state.stale = false;
          const r = await db.query<HeldRow>(
            `SELECT ${HELD_COLUMNS} FROM memories WHERE tenant_id = $1 AND user_id = $2 AND tier = 'SEMANTIC'`,
            [tenantId, userId],
          );
          // A batch committed while this read ran: read again rather than miss its changes.
          if (state.stale) continue;
          const held = new UserHeld();
          for (const row of r.rows) held.set(heldOf(row));
          users.set(k, held);
          entries += held.size;
          evict();
          return held;
        }
      } finally {
        loading.delete(k);
      }
    })();
    loading.set(k, state);
    return state.done;
  };

  const heldOfUser = async (tenantId: string, userId: string): Promise<UserHeld> => {
    const k = userKey(tenantId, userId);
    const held = users.get(k);
    if (held) {
      users.delete(k);
      users.set(k, held); // most recently used last
      return held;
    }
    return loading.get(k)?.done ?? load(tenantId, userId, k);
  };

  return {
    async check(scope, entry) {
      const held = await heldOfUser(scope.tenantId, scope.userId);
      return verdictOf(held.candidates(entry), scope.agentId, entry);
    },
    async afterCommit(batch) {
      const reread = new Set<string>();
      for (const { event } of batch) {
        const k = userKey(event.tenantId, event.userId);
        const change = changesHeld(event);
        if (change === 'no') continue;
        const l = loading.get(k);
        if (l) l.stale = true;
        if (!users.has(k)) continue;
        if (change === 'deletes') drop(k);
        else if (isUuid(event.eventId)) reread.add(event.eventId);
      }
      if (reread.size === 0) return;
      let rows: HeldRow[];
      try {
        rows = (
          await db.query<HeldRow>(`SELECT ${HELD_COLUMNS} FROM memories WHERE last_event_id = ANY($1::uuid[])`, [
            [...reread],
          ])
        ).rows;
      } catch {
        // Not knowing what changed, forget what is held for these users.
        for (const { event } of batch) drop(userKey(event.tenantId, event.userId));
        return;
      }
      for (const row of rows) {
        const held = users.get(userKey(row.tenant_id, row.user_id));
        if (!held) continue;
        if (held.delete(row.id)) entries--;
        if (row.tier === 'SEMANTIC') {
          held.set(heldOf(row));
          entries++;
        }
      }
      evict();
    },
    size: () => ({ users: users.size, entries }),
  };
}
