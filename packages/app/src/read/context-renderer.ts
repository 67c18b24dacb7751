import type { ContextRenderer, ContextRequest, QueryHit, Retriever, SqlExecutor } from '@engram/core';
import { WORKING_MEMORY_HEADING, renderWorkingMemory } from '@engram/projections';
import { scopeSql, toIso } from './rows';

export const DEFAULT_CONTEXT_BUDGET_CHARS = 6000;

/** Shares of the budget; what a section leaves unused passes on to the next one. */
const SHARES = { core: 0.3, facts: 0.3, history: 0.25, conversation: 0.15 } as const;

function fitLines(lines: string[], budget: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const l of lines) {
    if (used + l.length + 1 > budget) continue;
    out.push(l);
    used += l.length + 1;
  }
  return out;
}

const chars = (lines: string[]) => lines.reduce((n, l) => n + l.length + 1, 0);
const day = (isoTime: string | null | undefined) => (isoTime ? isoTime.slice(0, 10) : 'unknown date');
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const keyed = (key: string | null, content: string) => `- ${key ? `${key}: ` : ''}${oneLine(content)}`;

/** Core snapshot rows: pinned entries and USER facts that hold now, or that held at `asOf`. */
async function coreRows(
  db: SqlExecutor,
  req: ContextRequest,
): Promise<Array<{ id: string; key: string | null; content: string }>> {
  const params = [req.scope.tenantId, req.scope.userId, req.scope.agentId];
  if (req.asOf === undefined) {
    return (
      await db.query<{ id: string; key: string | null; content: string }>(
        `SELECT id::text AS id, key, content FROM memories
          WHERE ${scopeSql(1)} AND tier = 'SEMANTIC' AND superseded_by IS NULL AND (pinned OR type = 'USER')
          ORDER BY pinned DESC, importance DESC, updated_at DESC LIMIT 100`,
        params,
      )
    ).rows;
  }
  return (
    await db.query<{ id: string; key: string | null; content: string }>(
      `SELECT id::text AS id, key, content FROM memories
        WHERE ${scopeSql(1)} AND (tier = 'SEMANTIC' OR superseded_by IS NOT NULL) AND (pinned OR type = 'USER')
          AND COALESCE(valid_from, created_at) <= $4 AND (valid_to IS NULL OR valid_to > $4)
        ORDER BY pinned DESC, importance DESC, updated_at DESC LIMIT 100`,
      [...params, new Date(req.asOf).toISOString()],
    )
  ).rows;
}

/** What replaced each superseded hit (its content), read in one statement. */
async function replacements(
  db: SqlExecutor,
  req: ContextRequest,
  hits: readonly QueryHit[],
): Promise<Map<string, string>> {
  const ids = [...new Set(hits.map((h) => h.supersededBy).filter((x): x is string => x !== null))];
  if (ids.length === 0) return new Map();
  const r = await db.query<{ id: string; content: string }>(
    `SELECT id::text AS id, content FROM memories WHERE ${scopeSql(1)} AND id = ANY($4::uuid[])`,
    [req.scope.tenantId, req.scope.userId, req.scope.agentId, ids],
  );
  return new Map(r.rows.map((x) => [x.id, x.content]));
}

interface OutdatedMark {
  current: string;
  since: string;
}
const outdatedOf = (h: QueryHit): OutdatedMark | null => {
  const o = h.metadata.outdated as Partial<OutdatedMark> | undefined;
  return o && typeof o.current === 'string' && typeof o.since === 'string'
    ? { current: o.current, since: o.since }
    : null;
};

/**
 * R10: the prompt block for an agent, one renderer for every service. Core snapshot (pinned
 * entries and USER facts), known facts relevant to the query, relevant history (episodes and past
 * messages) and the conversation so far (the session's working memory, M5), each within its share
 * of budgetChars. The profile and known facts hold what is true now: a superseded fact appears
 * only when the query finds it, on a line that says "superseded" and since when, with what
 * replaced it; a history line that states a replaced value says what holds now. With `asOf`,
 * every section is what was true (and said) at that time. `sections` counts the items rendered.
 */
export function createContextRenderer(opts: {
  db: SqlExecutor;
  retriever: Retriever;
  config?: { contextBudgetChars?: number };
}): ContextRenderer {
  return {
    async render(req: ContextRequest) {
      const budget = req.budgetChars ?? opts.config?.contextBudgetChars ?? DEFAULT_CONTEXT_BUDGET_CHARS;
      const asOf = req.asOf !== undefined ? { asOf: new Date(req.asOf).toISOString() } : {};
      const core = await coreRows(opts.db, req);
      const coreIds = new Set(core.map((r) => r.id));
      const coreLines = fitLines(
        core.map((r) => keyed(r.key, r.content)),
        budget * SHARES.core,
      );
      let carry = budget * SHARES.core - chars(coreLines);

      let facts: QueryHit[] = [];
      let history: QueryHit[] = [];
      if (req.query.trim()) {
        const common = {
          scope: req.scope,
          query: req.query,
          ...(req.entities ? { entities: req.entities } : {}),
          ...asOf,
        };
        [facts, history] = await Promise.all([
          opts.retriever.search({ ...common, k: 20, tiers: ['SEMANTIC', 'ARCHIVAL'] }),
          opts.retriever.search({ ...common, k: 12, tiers: ['EPISODIC'] }),
        ]);
      }
      facts = facts.filter((h) => h.kind === 'memory' && !coreIds.has(h.id));
      // As of a time, what was valid then is simply true; otherwise a replaced value is history.
      const current = req.asOf !== undefined ? facts : facts.filter((h) => h.supersededBy === null);
      const superseded = req.asOf !== undefined ? [] : facts.filter((h) => h.supersededBy !== null);
      const replacedBy = await replacements(opts.db, req, superseded);
      const factLines = fitLines(
        [
          ...current.map((h) => keyed(h.key, h.content)),
          ...superseded.map((h) => {
            const next = replacedBy.get(h.supersededBy!);
            return `${keyed(h.key, h.content)} (superseded ${day(h.validTo)}${next ? `: ${oneLine(next)}` : ''})`;
          }),
        ],
        budget * SHARES.facts + carry,
      );
      carry = budget * SHARES.facts + carry - chars(factLines);

      const historyLines = fitLines(
        history
          .filter((h) => !(h.kind === 'message' && req.sessionId !== undefined && h.sessionId === req.sessionId))
          .map((h) => {
            const role = h.kind === 'message' && typeof h.metadata.role === 'string' ? `${h.metadata.role}: ` : '';
            const outdated = outdatedOf(h);
            const note = outdated ? ` (outdated: ${outdated.current} since ${day(outdated.since)})` : '';
            return `- (${day(h.createdAt)}${h.kind === 'episode' ? ', episode' : ''}) ${role}${oneLine(h.content)}${note}`;
          }),
        budget * SHARES.history + carry,
      );
      carry = budget * SHARES.history + carry - chars(historyLines);

      const conversation = req.sessionId
        ? await renderWorkingMemory(opts.db, req.scope, req.sessionId, Math.floor(budget * SHARES.conversation + carry))
        : '';
      const conversationItems = conversation ? conversation.split('\n').filter((l) => l.startsWith('- ')).length : 0;

      const parts: string[] = [];
      const asOfNote = req.asOf !== undefined ? ` (as of ${toIso(req.asOf).slice(0, 10)})` : '';
      if (coreLines.length) parts.push(`## Core profile${asOfNote}\n${coreLines.join('\n')}`);
      if (factLines.length) parts.push(`## Known facts${asOfNote}\n${factLines.join('\n')}`);
      if (historyLines.length) parts.push(`## Relevant history\n${historyLines.join('\n')}`);
      if (conversation)
        parts.push(conversation.replace(WORKING_MEMORY_HEADING, '## Conversation so far').replace(/\n\n/, '\n'));
      return {
        text: parts.join('\n\n'),
        sections: {
          core: coreLines.length,
          facts: factLines.length,
          history: historyLines.length,
          conversation: conversationItems,
        },
      };
    },
  };
}
