import {
  EngramError,
  deterministicId,
  episodeEventIdOf,
  newId,
  sha256Hex,
  type Principal,
  type Role,
  type Scope,
} from '@engram/core';
import { invalid, normalTime } from '../rules';
import type { EntityView, EventStatusView, HistoryItem, MemoryApp, MemoryView, WriteJobView } from '../types';
import { decodeAddHandle, encodeAddHandle, type AddHandle } from './add-handle';

/**
 * Mem0's memory model over Engram's operations, shared by the Mem0-compatible REST subset (/mem0)
 * and the MCP tools: every call is a MemoryApp operation (same admission, guard, scanner and
 * events), only the names and shapes are Mem0's. Where the models differ:
 * - a Mem0 memory id names a lineage: an update writes a new entry superseding the old one, and
 *   get/update/delete/history of an older id follow `supersededBy` to the current entry;
 * - Engram isolates every read by user, so a Mem0 call naming only a memory id locates its user in
 *   the key's tenant (a user-bound key: its own user) — nothing a tenant-wide key could not read anyway;
 * - run_id is the Engram session, app_id the soft scope tag.
 */

/** Who calls, as the transport authenticated it. */
export interface Mem0Caller {
  tenantId: string;
  principal: Principal;
  correlationId: string | null;
}

/** Mem0's entity ids (filters or top-level fields). */
export interface Mem0Entities {
  user_id?: string;
  agent_id?: string;
  run_id?: string;
  app_id?: string;
}

export interface Mem0Memory {
  id: string;
  memory: string;
  hash: string;
  user_id: string;
  agent_id: string | null;
  run_id: string | null;
  app_id: string | null;
  metadata: Record<string, unknown>;
  categories: string[];
  created_at: string;
  updated_at: string;
  expiration_date: string | null;
  score?: number;
}

export interface Mem0Message {
  role: Role;
  content: string;
}

export interface Mem0AddInput {
  entities: Mem0Entities;
  messages: Mem0Message[];
  metadata?: Record<string, unknown>;
  /** true (Mem0's default): Engram's consolidation extracts facts from the messages; false: each message is stored as given. */
  infer: boolean;
  /** When the memories stop being true (valid time). */
  expirationDate?: string | null;
}

export interface Mem0AddResult {
  message: string;
  status: 'PENDING';
  event_id: string;
  /** infer false: the entries written (or the existing entry a message duplicated), each with its own event id. */
  results?: Array<{ id: string; memory: string; event: 'ADD' | 'NOOP'; event_id: string | null }>;
}

export interface Mem0SearchInput {
  entities: Mem0Entities;
  query: string;
  topK?: number;
  threshold?: number;
}

export interface Mem0Event {
  id: string;
  event_type: 'ADD';
  status: 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  payload: Record<string, unknown>;
  metadata: Record<string, unknown> | null;
  results: Array<Record<string, unknown>>;
  /** Engram records no creation or start time of a job: null. */
  created_at: null;
  started_at: null;
  /** In a list: when the read side last recorded an outcome (null while none did, and on a single read). */
  updated_at: string | null;
  completed_at: string | null;
  latency: null;
}

/** Mem0's entity (GET /v1/entities/): a user, an agent or a run (an Engram session) of the tenant. */
export interface Mem0Entity {
  id: string;
  name: string;
  type: EntityView['type'];
  total_memories: number;
  created_at: string;
  updated_at: string;
  owner: string;
  organization: string;
  metadata: { user_ids: string[] };
}

export interface Mem0Page<T> {
  count: number;
  results: T[];
}

export interface Mem0HistoryEntry {
  id: string;
  memory_id: string;
  input: [];
  old_memory: string | null;
  new_memory: string | null;
  user_id: string;
  categories: string[];
  event: 'ADD' | 'UPDATE' | 'DELETE' | 'NOOP';
  action: string;
  created_at: string;
  updated_at: string;
}

export interface Mem0Updated extends Mem0Memory {
  event: 'UPDATE' | 'NOOP' | 'HELD';
  /** The version this update replaced. */
  previous_id: string;
  /** HELD: the scanner's quarantine of the new version (an operator decides). */
  quarantine_id?: string | null;
}

export interface Mem0Memories {
  add(c: Mem0Caller, input: Mem0AddInput): Promise<Mem0AddResult>;
  search(c: Mem0Caller, input: Mem0SearchInput): Promise<Mem0Memory[]>;
  get(c: Mem0Caller, memoryId: string): Promise<Mem0Memory>;
  history(c: Mem0Caller, memoryId: string): Promise<Mem0HistoryEntry[]>;
  /** Forgets the entry and every later version of it; the erasure ids. */
  /** Current versions of the user's memories, newest first, one page (page 1 first) and how many there are. */
  list(
    c: Mem0Caller,
    input: { entities: Mem0Entities; page: number; pageSize: number },
  ): Promise<{ count: number; results: Mem0Memory[] }>;
  /** A new version of the memory (its current version when the id was updated before). */
  update(
    c: Mem0Caller,
    memoryId: string,
    input: { text?: string; metadata?: Record<string, unknown> },
  ): Promise<Mem0Updated>;
  delete(c: Mem0Caller, memoryId: string): Promise<{ message: string; erasure_ids: string[] }>;
  /**
   * Forgets everything of the user; with agent_id (or run_id) only the memories that agent wrote
   * (of that run), each an erasure of its own with its lineage cascade.
   */
  deleteAll(c: Mem0Caller, entities: Mem0Entities): Promise<{ message: string; erasure_ids: string[] }>;
  event(c: Mem0Caller, eventId: string): Promise<Mem0Event>;
  /** The add/processing jobs within the key's reach, newest first (one Mem0 event per Engram write job). */
  events(c: Mem0Caller, input: { page: number; pageSize: number }): Promise<Mem0Page<Mem0Event>>;
  /** The users, agents and runs within the key's reach: users first, then agents, then runs. */
  entities(c: Mem0Caller, input: { page: number; pageSize: number }): Promise<Mem0Page<Mem0Entity>>;
  /**
   * Erases an entity: a user wholly (Engram's user erasure); an agent's or a run's memories in every
   * user of the key's reach that holds it. Nothing there (any more) erases nothing.
   */
  deleteEntity(
    c: Mem0Caller,
    entity: { type: 'user' | 'agent' | 'run'; name: string },
  ): Promise<{ message: string; erasure_ids: string[] }>;
}

/** Longest supersession chain followed from a named id. */
const MAX_CHAIN = 32;
/** Entries read per listMemories call while paging, and the most a list counts (its `count` stops there). */
const LIST_BATCH = 500;
const MAX_COUNTED = 100_000;

export const MEM0_QUEUED_MESSAGE = 'Memory processing has been queued for background execution';

export function toMem0Memory(m: MemoryView, score?: number): Mem0Memory {
  return {
    id: m.id,
    memory: m.content,
    hash: sha256Hex(m.content),
    user_id: m.userId,
    agent_id: m.agentId,
    run_id: m.sessionId,
    app_id: m.scope,
    metadata: m.metadata,
    categories: m.tags,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
    expiration_date: m.validTo,
    ...(score !== undefined ? { score } : {}),
  };
}

/** Mem0 entity filters: flat, or each condition of an AND naming one entity. */
export interface Mem0EntityFilters extends Mem0Entities {
  AND?: Mem0Entities[];
}

/** One entity set from Mem0's top-level fields and its filters; two different values of one id are refused. */
export function mem0Entities(top: Mem0Entities, filters?: Mem0EntityFilters): Mem0Entities {
  const out: Mem0Entities = {};
  const parts: Mem0Entities[] = [top, ...(filters ? [filters, ...(filters.AND ?? [])] : [])];
  for (const part of parts) {
    for (const k of ['user_id', 'agent_id', 'run_id', 'app_id'] as const) {
      const v = part[k];
      if (v === undefined) continue;
      if (out[k] !== undefined && out[k] !== v)
        throw invalid(`filters.${k}`, `names two values ("${out[k]}", "${v}"); only one is supported`);
      out[k] = v;
    }
  }
  return out;
}

/** The Engram scope of a Mem0 call: its user_id, or the user the key is bound to. */
export function mem0Scope(c: Mem0Caller, e: Mem0Entities, field = 'user_id'): Scope {
  const userId = e.user_id ?? c.principal.userId;
  if (!userId)
    throw invalid(field, 'is required: Engram keeps every memory under a user (or use a key bound to one user)');
  return { tenantId: c.tenantId, userId, agentId: e.agent_id ?? null };
}

const HISTORY_EVENT: Record<string, Mem0HistoryEntry['event']> = {
  created: 'ADD',
  superseded: 'UPDATE',
  forgotten: 'DELETE',
  deduplicated: 'NOOP',
};

/** A write not applied yet is queued (PENDING); an episode being applied is the extraction RUNNING. */
function statusOf(s: EventStatusView, pending: 'PENDING' | 'RUNNING'): Mem0Event['status'] {
  return s.status === 'applied' ? 'SUCCEEDED' : s.status === 'rejected' ? 'FAILED' : pending;
}

const ENTITY_DELETED = 'Entity deleted successfully.';

/** A listed write job as the handle an add of it answered (one event). */
function handleOf(w: WriteJobView): AddHandle {
  return { userId: w.userId, kind: w.type === 'SessionEnded' ? 'infer' : 'raw', eventIds: [w.eventId] };
}

export function createMem0Memories(app: MemoryApp): Mem0Memories {
  const base = (c: Mem0Caller, scope: Scope) => ({ scope, principal: c.principal, correlationId: c.correlationId });

  /** The entry a Mem0 id names, located in the caller's tenant, and its later versions (oldest first). */
  async function lineage(c: Mem0Caller, memoryId: string): Promise<{ scope: Scope; chain: MemoryView[] }> {
    const scope = await app.locateMemory({ tenantId: c.tenantId, principal: c.principal, memoryId });
    const chain: MemoryView[] = [await app.getMemory({ ...base(c, scope), memoryId })];
    while (chain.length < MAX_CHAIN && chain[chain.length - 1]!.supersededBy) {
      try {
        chain.push(await app.getMemory({ ...base(c, scope), memoryId: chain[chain.length - 1]!.supersededBy! }));
      } catch (e) {
        // A successor forgotten since: the chain ends at the last entry still held.
        if (e instanceof EngramError && e.code === 'NOT_FOUND') break;
        throw e;
      }
    }
    return { scope, chain };
  }

  const tenantCall = (c: Mem0Caller) => ({ tenantId: c.tenantId, principal: c.principal });

  /** Forgets every entry (all tiers and versions) of the scope's user and agent, of one run when given. */
  async function eraseMemories(c: Mem0Caller, scope: Scope, runId?: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await app.listMemories({ ...base(c, scope), limit: LIST_BATCH, ...(cursor ? { cursor } : {}) });
      for (const m of page.memories) if (runId === undefined || m.sessionId === runId) ids.push(m.id);
      cursor = page.nextCursor;
    } while (cursor);
    const erasures: string[] = [];
    for (const memoryId of ids) {
      try {
        erasures.push((await app.forget({ ...base(c, scope), target: 'memory', memoryId })).erasureId);
      } catch (e) {
        // Gone meanwhile (an erasure of its user or lineage got there first).
        if (!(e instanceof EngramError && e.code === 'NOT_FOUND')) throw e;
      }
    }
    return erasures;
  }

  async function eventOf(
    c: Mem0Caller,
    h: AddHandle,
    id: string = encodeAddHandle(h),
    listed?: WriteJobView,
  ): Promise<Mem0Event> {
    const scope: Scope = { tenantId: c.tenantId, userId: h.userId, agentId: null };
    const payload = { user_id: h.userId, infer: h.kind === 'infer' };
    const event = (
      status: Mem0Event['status'],
      results: Mem0Event['results'],
      metadata: Mem0Event['metadata'] = null,
    ): Mem0Event => {
      const at = listed?.lastOutcomeAt ?? null;
      return {
        id,
        event_type: 'ADD',
        status,
        payload,
        metadata,
        results,
        created_at: null,
        started_at: null,
        updated_at: at,
        completed_at: status === 'SUCCEEDED' || status === 'FAILED' ? at : null,
        latency: null,
      };
    };
    if (h.kind === 'raw') {
      const statuses = await Promise.all(h.eventIds.map((e) => app.eventStatus({ ...base(c, scope), eventId: e })));
      const results = statuses.map((s) => ({
        id: s.memoryId,
        event: s.status === 'rejected' ? 'FAILED' : 'ADD',
        ...(s.code ? { code: s.code, reason: s.reason } : {}),
      }));
      const all = statuses.map((s) => statusOf(s, 'PENDING'));
      const status = all.includes('FAILED') ? 'FAILED' : all.every((s) => s === 'SUCCEEDED') ? 'SUCCEEDED' : 'PENDING';
      return event(status, results);
    }
    // Inference is done when the consolidator's episode of the ended session is applied.
    const ended = await app.eventStatus({ ...base(c, scope), eventId: h.eventIds[0]! });
    if (ended.status === 'rejected') return event('FAILED', [{ code: ended.code, reason: ended.reason }]);
    let episode: EventStatusView;
    try {
      episode = await app.eventStatus({ ...base(c, scope), eventId: episodeEventIdOf(h.eventIds[0]!) });
    } catch (e) {
      if (e instanceof EngramError && e.code === 'NOT_FOUND') return event('PENDING', []);
      throw e;
    }
    return event(statusOf(episode, 'RUNNING'), [], {
      session_event_id: h.eventIds[0]!,
      episode_event_id: episode.eventId,
    });
  }

  return {
    async add(c, input) {
      const scope = mem0Scope(c, input.entities);
      const metadata = input.metadata ?? {};
      const validTo = normalTime(input.expirationDate ?? null);
      const messages = input.messages.filter((m) => m.content.trim() !== '');
      if (messages.length === 0) throw invalid('messages', 'must hold at least one message with content');
      if (!input.infer) {
        const results: NonNullable<Mem0AddResult['results']> = [];
        const eventIds: string[] = [];
        for (const m of messages) {
          const r = await app.writeMemory({
            ...base(c, scope),
            type: 'USER',
            content: m.content,
            metadata,
            sessionId: input.entities.run_id ?? null,
            scopeTag: input.entities.app_id ?? null,
            validTo,
          });
          if (r.eventId) eventIds.push(r.eventId);
          results.push({
            id: r.id,
            memory: m.content,
            event: r.deduplicated ? 'NOOP' : 'ADD',
            event_id: r.eventId ? encodeAddHandle({ userId: scope.userId, kind: 'raw', eventIds: [r.eventId] }) : null,
          });
        }
        const event_id = encodeAddHandle({ userId: scope.userId, kind: 'raw', eventIds });
        return { message: MEM0_QUEUED_MESSAGE, status: 'PENDING', event_id, results };
      }
      // Inference is Engram's consolidation of an ended session: the messages go into the run's
      // session (or one of their own) and the session ends, which queues the extraction.
      const sessionId = input.entities.run_id ?? `mem0-${newId()}`;
      for (const m of messages) {
        await app.observeMessage({ ...base(c, scope), sessionId, role: m.role, content: m.content, metadata });
      }
      const ended = await app.endSession({ ...base(c, scope), sessionId });
      const event_id = encodeAddHandle({ userId: scope.userId, kind: 'infer', eventIds: [ended.eventId] });
      return { message: MEM0_QUEUED_MESSAGE, status: 'PENDING', event_id };
    },

    async search(c, input) {
      const scope = mem0Scope(c, input.entities, 'filters.user_id');
      const hits = await app.query({
        ...base(c, scope),
        query: input.query,
        k: input.topK ?? 10,
        tiers: ['SEMANTIC', 'ARCHIVAL'],
        ...(input.entities.run_id ? { sessionId: input.entities.run_id } : {}),
        ...(input.entities.app_id ? { scopeTag: input.entities.app_id } : {}),
      });
      const wanted = hits.filter(
        (h) => h.kind === 'memory' && (input.threshold === undefined || h.score >= input.threshold),
      );
      const views = await Promise.all(
        wanted.map((h) =>
          app.getMemory({ ...base(c, scope), memoryId: h.id }).then(
            (m) => toMem0Memory(m, h.score),
            // Forgotten between the search and this lookup.
            (e: unknown) => {
              if (e instanceof EngramError && e.code === 'NOT_FOUND') return null;
              throw e;
            },
          ),
        ),
      );
      return views.filter((v): v is Mem0Memory => v !== null);
    },

    async get(c, memoryId) {
      const { chain } = await lineage(c, memoryId);
      return toMem0Memory(chain[chain.length - 1]!);
    },

    async history(c, memoryId) {
      const { scope, chain } = await lineage(c, memoryId);
      const contentOf = new Map(chain.map((m) => [m.id, m.content]));
      const items: HistoryItem[] = [];
      for (const m of chain) items.push(...(await app.memoryHistory({ ...base(c, scope), memoryId: m.id })));
      const seen = new Set<string>();
      const out: Mem0HistoryEntry[] = [];
      for (const h of items.sort((a, b) => a.at.localeCompare(b.at))) {
        const k = `${h.eventId}/${h.memoryId}/${h.action}`;
        if (seen.has(k)) continue;
        seen.add(k);
        const event = HISTORY_EVENT[h.action] ?? 'NOOP';
        const own = contentOf.get(h.memoryId) ?? h.content;
        const successor = h.relatedId ? (contentOf.get(h.relatedId) ?? null) : null;
        out.push({
          id: h.eventId,
          memory_id: h.memoryId,
          input: [],
          old_memory: event === 'ADD' ? null : own,
          new_memory: event === 'UPDATE' ? successor : event === 'DELETE' ? null : own,
          user_id: scope.userId,
          categories: [],
          event,
          action: h.action,
          created_at: h.at,
          updated_at: h.recordedAt ?? h.at,
        });
      }
      return out;
    },

    async list(c, input) {
      const scope = mem0Scope(c, input.entities);
      const { run_id, app_id } = input.entities;
      const skip = (input.page - 1) * input.pageSize;
      const results: Mem0Memory[] = [];
      let count = 0;
      let cursor: string | null = null;
      do {
        const page = await app.listMemories({
          ...base(c, scope),
          tiers: ['SEMANTIC', 'ARCHIVAL'],
          limit: LIST_BATCH,
          ...(cursor ? { cursor } : {}),
        });
        for (const m of page.memories) {
          if (m.supersededBy || (run_id && m.sessionId !== run_id) || (app_id && m.scope !== app_id)) continue;
          if (count >= skip && results.length < input.pageSize) results.push(toMem0Memory(m));
          count++;
        }
        cursor = page.nextCursor;
      } while (cursor && count < MAX_COUNTED);
      return { count, results };
    },

    async update(c, memoryId, input) {
      if (input.text === undefined && input.metadata === undefined)
        throw invalid('text', 'give text or metadata to change');
      const { scope, chain } = await lineage(c, memoryId);
      const current = chain[chain.length - 1]!;
      const r = await app.patchMemory({
        ...base(c, scope),
        memoryId: current.id,
        ...(input.text !== undefined ? { content: input.text } : {}),
        ...(input.metadata ? { metadata: input.metadata } : {}),
      });
      if (r.deduplicated) return { ...toMem0Memory(current), event: 'NOOP', previous_id: current.id };
      // Held by the content scanner: nothing changed for readers until an operator releases it.
      if (r.quarantineId || !r.position)
        return { ...toMem0Memory(current), event: 'HELD', previous_id: current.id, quarantine_id: r.quarantineId };
      // Read back at the update's position (bounded wait): the answer is the stored new version.
      const next = await app.getMemory({ ...base(c, scope), memoryId: r.id, minPosition: r.position });
      return { ...toMem0Memory(next), event: 'UPDATE', previous_id: current.id };
    },

    async delete(c, memoryId) {
      const { scope, chain } = await lineage(c, memoryId);
      const erasure_ids: string[] = [];
      for (const m of chain)
        erasure_ids.push((await app.forget({ ...base(c, scope), target: 'memory', memoryId: m.id })).erasureId);
      return { message: 'Memory deleted successfully!', erasure_ids };
    },

    async deleteAll(c, entities) {
      if (entities.app_id)
        throw invalid('app_id', 'cannot select what to erase: Engram erases a user, an agent or a run of a user');
      const scope = mem0Scope(c, entities);
      if (entities.agent_id || entities.run_id) {
        const erasure_ids = await eraseMemories(c, { ...scope, agentId: entities.agent_id ?? null }, entities.run_id);
        return { message: 'Memories deleted successfully!', erasure_ids };
      }
      const r = await app.forget({ ...base(c, scope), target: 'user' });
      return { message: 'Memories deleted successfully!', erasure_ids: [r.erasureId] };
    },

    async deleteEntity(c, { type, name }) {
      if (type === 'user') {
        const r = await app.forget({ ...base(c, mem0Scope(c, { user_id: name })), target: 'user' });
        return { message: ENTITY_DELETED, erasure_ids: [r.erasureId] };
      }
      const found = await app.listEntities({ ...tenantCall(c), only: { type, id: name }, limit: 1 });
      const erasure_ids: string[] = [];
      for (const userId of found.entities[0]?.userIds ?? []) {
        const scope: Scope = { tenantId: c.tenantId, userId, agentId: type === 'agent' ? name : null };
        erasure_ids.push(...(await eraseMemories(c, scope, type === 'run' ? name : undefined)));
      }
      return { message: ENTITY_DELETED, erasure_ids };
    },

    async entities(c, { page, pageSize }) {
      const r = await app.listEntities({ ...tenantCall(c), limit: pageSize, offset: (page - 1) * pageSize });
      return {
        count: r.count,
        results: r.entities.map((e) => ({
          id: deterministicId(c.tenantId, 'mem0-entity', e.type, e.id),
          name: e.id,
          type: e.type,
          total_memories: e.memories,
          created_at: e.createdAt,
          updated_at: e.updatedAt,
          owner: c.tenantId,
          organization: c.tenantId,
          metadata: { user_ids: e.userIds },
        })),
      };
    },

    async events(c, { page, pageSize }) {
      const r = await app.listWrites({ ...tenantCall(c), limit: pageSize, offset: (page - 1) * pageSize });
      const results: Mem0Event[] = [];
      for (const w of r.writes) {
        try {
          results.push(await eventOf(c, handleOf(w), undefined, w));
        } catch (e) {
          // Erased since it was listed.
          if (!(e instanceof EngramError && e.code === 'NOT_FOUND')) throw e;
        }
      }
      return { count: r.count, results };
    },

    event: (c, eventId) => eventOf(c, decodeAddHandle(eventId), eventId),
  };
}
