import { DEFAULT_DECAY, EngramError, concernsAnyEntity, diversifyBySession, effectiveImportance, entityTerms, jsonObjectOf, searchTokens } from '@engram/core';
import type { Clock, MemoryType, QueryHit, QueryRequest, Retriever, SqlExecutor, Tier } from '@engram/core';
import { memoryFromRow } from '@engram/projections';
import { scopeSql, toIso, toMemoryView } from './rows';

export interface LexicalRetrieverOptions {
  db: SqlExecutor;
  clock: Clock;
  /** Newest rows of each kind considered per query. */
  candidateLimit?: number;
  /** memory.sessionDiversity: used when a request does not set its own (1, the default, is off). */
  sessionDiversity?: number;
}

/** Observed messages are the episodic ledger; they carry no importance of their own. */
const MESSAGE_TIER: Tier = 'EPISODIC';
const MESSAGE_IMPORTANCE = 0.5;
const ARCHIVAL_WEIGHT = 0.5;

function overlap(queryTokens: Set<string>, text: string): number {
  const docTokens = new Set(searchTokens(text));
  let n = 0;
  for (const t of queryTokens) if (docTokens.has(t)) n++;
  return n / queryTokens.size;
}

/**
 * A plain SQL retriever: token overlap (R1 tokens) between the query and each candidate in the
 * caller's scope, times effective importance. Used when no index-backed retriever is configured,
 * and as a fallback; it reads only rows of the caller's tenant and user (P3).
 */
export function createLexicalRetriever(opts: LexicalRetrieverOptions): Retriever {
  const limit = opts.candidateLimit ?? 2000;
  return {
    async search(req: QueryRequest): Promise<QueryHit[]> {
      if (req.asOf !== undefined && !Number.isFinite(Date.parse(req.asOf))) throw new EngramError('VALIDATION_FAILED', `asOf must be an ISO-8601 time, got "${req.asOf}"`);
      const queryTokens = new Set(searchTokens(req.query));
      if (queryTokens.size === 0) return [];
      const entities = (req.entities ?? []).map(entityTerms);
      const now = opts.clock.now();
      const wantTier = (t: Tier) => !req.tiers || req.tiers.length === 0 || req.tiers.includes(t);
      const hits: QueryHit[] = [];

      const params: unknown[] = [req.scope.tenantId, req.scope.userId, req.scope.agentId];
      const where = [scopeSql(1)];
      const add = (sql: string, v: unknown) => {
        params.push(v);
        where.push(sql.replace(/\?/g, `$${params.length}`));
      };
      // B3: as of a time, the facts valid then (superseded since or not); otherwise the current ones.
      const asOf = req.asOf === undefined ? null : new Date(req.asOf).toISOString();
      if (asOf) add("tier <> 'WORKING' AND COALESCE(valid_from, created_at) <= ?::timestamptz AND (valid_to IS NULL OR valid_to > ?::timestamptz)", asOf);
      else where.push('superseded_by IS NULL');
      if (req.tiers?.length) add('tier = ANY(?::text[])', req.tiers);
      if (req.types?.length) add('type = ANY(?::text[])', req.types);
      if (req.tags?.length) add('tags && ?::text[]', req.tags);
      if (req.from) add('created_at >= ?::timestamptz', req.from);
      if (req.to) add('created_at <= ?::timestamptz', req.to);
      if (req.scopeTag) add('scope = ?', req.scopeTag);
      if (req.sessionId) add('source_session = ?', req.sessionId);
      params.push(limit);
      const mem = await opts.db.query(
        `SELECT * FROM memories WHERE ${where.join(' AND ')} ORDER BY updated_at DESC LIMIT $${params.length}`,
        params,
      );
      for (const row of mem.rows) {
        const m = toMemoryView(memoryFromRow(row), now);
        const text = [m.key ?? '', m.content, m.tags.join(' ')].join(' ');
        const match = overlap(queryTokens, text);
        if (match === 0) continue;
        if (!concernsAnyEntity(m, entities)) continue;
        const weight = m.tier === 'ARCHIVAL' && !(asOf && m.supersededBy) ? ARCHIVAL_WEIGHT : 1;
        hits.push({
          id: m.id,
          kind: 'memory',
          tier: m.tier,
          type: m.type,
          key: m.key,
          content: m.content,
          score: match * m.effectiveImportance * weight,
          source: m.source,
          importance: m.importance,
          effectiveImportance: m.effectiveImportance,
          metadata: m.metadata,
          sourceMessageIds: m.sourceMessageIds,
          sessionId: m.sessionId,
          createdAt: m.createdAt,
          tags: m.tags,
          pinned: m.pinned,
          supersededBy: m.supersededBy,
          validFrom: m.validFrom,
          validTo: m.validTo,
        });
      }

      const messagesWanted = wantTier(MESSAGE_TIER) && !req.types?.length && !req.tags?.length && !req.scopeTag;
      if (messagesWanted) {
        const mp: unknown[] = [req.scope.tenantId, req.scope.userId, req.scope.agentId];
        const mw = [scopeSql(1)];
        const madd = (sql: string, v: unknown) => {
          mp.push(v);
          mw.push(sql.replace('?', `$${mp.length}`));
        };
        if (req.from) madd('at >= ?::timestamptz', req.from);
        if (req.to) madd('at <= ?::timestamptz', req.to);
        if (asOf) madd('at <= ?::timestamptz', asOf);
        if (req.sessionId) madd('session_id = ?', req.sessionId);
        mp.push(limit);
        const msgs = await opts.db.query(
          `SELECT event_id::text AS id, session_id, message_id, role, content, at, metadata FROM messages
            WHERE ${mw.join(' AND ')} ORDER BY seq DESC LIMIT $${mp.length}`,
          mp,
        );
        for (const r of msgs.rows) {
          const match = overlap(queryTokens, String(r.content));
          if (match === 0) continue;
          if (entities.length > 0 && !concernsAnyEntity({ content: String(r.content), key: null, tags: [], metadata: jsonObjectOf(r.metadata) }, entities)) continue;
          const eff = effectiveImportance(
            { importance: MESSAGE_IMPORTANCE, type: 'ENVIRONMENT' as MemoryType, pinned: false, accessCount: 0, lastTouched: toIso(r.at) },
            now,
            DEFAULT_DECAY,
          );
          hits.push({
            id: String(r.id),
            kind: 'message',
            tier: MESSAGE_TIER,
            type: null,
            key: null,
            content: String(r.content),
            score: match * eff,
            source: null,
            importance: MESSAGE_IMPORTANCE,
            effectiveImportance: eff,
            metadata: { role: String(r.role), messageId: String(r.message_id) },
            sourceMessageIds: [String(r.message_id)],
            sessionId: String(r.session_id),
            createdAt: toIso(r.at),
            tags: [],
            pinned: false,
            supersededBy: null,
          });
        }
      }
      hits.sort((a, b) => b.score - a.score || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
      return diversifyBySession(hits, req.sessionDiversity ?? opts.sessionDiversity ?? 1, req.k);
    },
  };
}
