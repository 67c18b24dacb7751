import {
  laterStatements,
  type ContextRenderer,
  type ContextRequest,
  type QueryHit,
  type Retriever,
  type SqlExecutor,
} from '@engram/core';
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

interface CoreRow {
  id: string;
  key: string | null;
  content: string;
  tags: string[];
  /** When the fact became true (valid time, else record time). */
  at: string;
}

/** Core snapshot rows: pinned entries and USER facts that hold now, or that held at `asOf`. */
async function coreRows(db: SqlExecutor, req: ContextRequest): Promise<CoreRow[]> {
  const params = [req.scope.tenantId, req.scope.userId, req.scope.agentId];
  if (req.asOf === undefined) {
    return (
      await db.query<CoreRow>(
        `SELECT id::text AS id, key, content, tags, COALESCE(valid_from, created_at) AS at FROM memories
          WHERE ${scopeSql(1)} AND tier = 'SEMANTIC' AND superseded_by IS NULL AND (pinned OR type = 'USER')
          ORDER BY pinned DESC, importance DESC, updated_at DESC LIMIT 100`,
        params,
      )
    ).rows.map(coreRow);
  }
  return (
    await db.query<CoreRow>(
      `SELECT id::text AS id, key, content, tags, COALESCE(valid_from, created_at) AS at FROM memories
        WHERE ${scopeSql(1)} AND (tier = 'SEMANTIC' OR superseded_by IS NOT NULL) AND (pinned OR type = 'USER')
          AND COALESCE(valid_from, created_at) <= $4 AND (valid_to IS NULL OR valid_to > $4)
        ORDER BY pinned DESC, importance DESC, updated_at DESC LIMIT 100`,
      [...params, new Date(req.asOf).toISOString()],
    )
  ).rows.map(coreRow);
}

const coreRow = (r: CoreRow): CoreRow => ({
  ...r,
  tags: Array.isArray(r.tags) ? r.tags.map(String) : [],
  at: toIso(r.at),
});

/** Statements less than this far apart are one occasion: a fact is never "updated" by the message it came from. */
const LATER_STATEMENT_GAP_MS = 12 * 3_600_000;
const QUOTE_CHARS = 240;
const quote = (s: string) => {
  const t = oneLine(s);
  return t.length > QUOTE_CHARS ? `${t.slice(0, QUOTE_CHARS)}…` : t;
};

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
 * replaced it; a history line that states a replaced value says what holds now; a fact the user
 * spoke about again on a later occasion (in a message the query found) quotes that statement. With `asOf`,
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

      // A fact the user spoke about again later (a change the extractor may have missed): that later
      // statement is quoted on the fact's line, so the model never reads the fact alone as true now.
      const later =
        req.asOf !== undefined
          ? new Map<string, { content: string; at: string; episode: boolean }>()
          : laterStatements(
              [...core, ...current.map((h) => ({ ...h, at: h.validFrom ?? h.createdAt }))],
              history
                .filter((h) => h.kind === 'episode' || (h.kind === 'message' && h.metadata.role === 'user'))
                .map((h) => ({ content: h.content, at: h.createdAt, episode: h.kind === 'episode' })),
              LATER_STATEMENT_GAP_MS,
            );
      const withLater = (id: string, line: string) => {
        const s = later.get(id);
        if (!s) return line;
        return `${line} (later, ${day(s.at)}, ${s.episode ? 'in a session' : 'the user said'}: "${quote(s.content)}")`;
      };

      const coreLines = fitLines(
        core.map((r) => withLater(r.id, keyed(r.key, r.content))),
        budget * SHARES.core,
      );
      let carry = budget * SHARES.core - chars(coreLines);
      const factLines = fitLines(
        [
          ...current.map((h) => withLater(h.id, keyed(h.key, h.content))),
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
