import { EngramError, episodeEventIdOf, newId, sha256Hex, type Principal, type Role, type Scope } from '@engram/core';
import { invalid, normalTime } from '../rules';
import type { EventStatusView, HistoryItem, MemoryApp, MemoryView } from '../types';
import { decodeAddHandle, encodeAddHandle } from './add-handle';

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
  /** infer false: the entries written (or the existing entry a message duplicated). */
  results?: Array<{ id: string; memory: string; event: 'ADD' | 'NOOP' }>;
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
  /** Forgets everything of the user (of one agent of the user when agent_id is given). */
  deleteAll(c: Mem0Caller, entities: Mem0Entities): Promise<{ message: string; erasure_id: string }>;
  event(c: Mem0Caller, eventId: string): Promise<Mem0Event>;
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

function statusOf(s: EventStatusView): Mem0Event['status'] {
  return s.status === 'applied' ? 'SUCCEEDED' : s.status === 'rejected' ? 'FAILED' : 'RUNNING';
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
          results.push({ id: r.id, memory: m.content, event: r.deduplicated ? 'NOOP' : 'ADD' });
        }
        const event_id = encodeAddHandle({ userId: scope.userId, agentId: scope.agentId, kind: 'raw', eventIds });
        return { message: MEM0_QUEUED_MESSAGE, status: 'PENDING', event_id, results };
      }
      // Inference is Engram's consolidation of an ended session: the messages go into the run's
      // session (or one of their own) and the session ends, which queues the extraction.
      const sessionId = input.entities.run_id ?? `mem0-${newId()}`;
      for (const m of messages) {
        await app.observeMessage({ ...base(c, scope), sessionId, role: m.role, content: m.content, metadata });
      }
      const ended = await app.endSession({ ...base(c, scope), sessionId });
      const event_id = encodeAddHandle({
        userId: scope.userId,
        agentId: scope.agentId,
        kind: 'infer',
        eventIds: [ended.eventId],
      });
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
      if (entities.run_id || entities.app_id) {
        throw invalid(
          entities.run_id ? 'run_id' : 'app_id',
          'cannot select what to erase: Engram erases a user, or one agent of a user',
        );
      }
      const scope = mem0Scope(c, entities);
      const r = await app.forget({ ...base(c, scope), target: 'user' });
      return { message: 'Memories deleted successfully!', erasure_id: r.erasureId };
    },

    async event(c, eventId) {
      const h = decodeAddHandle(eventId);
      const scope: Scope = { tenantId: c.tenantId, userId: h.userId, agentId: h.agentId };
      const payload = { user_id: h.userId, ...(h.agentId ? { agent_id: h.agentId } : {}), infer: h.kind === 'infer' };
      const event = (
        status: Mem0Event['status'],
        results: Mem0Event['results'],
        metadata: Mem0Event['metadata'] = null,
      ): Mem0Event => ({
        id: eventId,
        event_type: 'ADD',
        status,
        payload,
        metadata,
        results,
      });
      if (h.kind === 'raw') {
        const statuses = await Promise.all(h.eventIds.map((id) => app.eventStatus({ ...base(c, scope), eventId: id })));
        const results = statuses.map((s) => ({
          id: s.memoryId,
          event: s.status === 'rejected' ? 'FAILED' : 'ADD',
          ...(s.code ? { code: s.code, reason: s.reason } : {}),
        }));
        const all = statuses.map(statusOf);
        const status = all.includes('FAILED')
          ? 'FAILED'
          : all.every((s) => s === 'SUCCEEDED')
            ? 'SUCCEEDED'
            : 'RUNNING';
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
      return event(statusOf(episode), [], { session_event_id: h.eventIds[0]!, episode_event_id: episode.eventId });
    },
  };
}
