import type { ContextRenderer, ContextRequest, QueryHit, Retriever, SqlExecutor } from '@engram/core';
import { iso } from './candidates';

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
const day = (isoTime: string) => isoTime.slice(0, 10);
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

export interface ContextRendererOptions {
  db: SqlExecutor;
  retriever: Retriever;
  config?: { contextBudgetChars?: number };
}

/**
 * R10: the prompt block for an agent. Core snapshot (pinned entries and USER facts, always), known
 * facts relevant to the query, relevant history (episodes and past messages), and the conversation
 * so far (the session's working memory), each within its share of budgetChars.
 * `sections` counts the items rendered per section.
 */
export function createContextRenderer(opts: ContextRendererOptions): ContextRenderer {
  return {
    async render(req: ContextRequest) {
      const budget = req.budgetChars ?? opts.config?.contextBudgetChars ?? DEFAULT_CONTEXT_BUDGET_CHARS;
      const { tenantId, userId, agentId } = req.scope;

      const core = await opts.db.query<{ id: string; key: string | null; content: string }>(
        `SELECT id::text AS id, key, content FROM memories
          WHERE tenant_id = $1 AND user_id = $2 AND ($3::text IS NULL OR agent_id IS NULL OR agent_id = $3)
            AND tier = 'SEMANTIC' AND superseded_by IS NULL AND (pinned OR type = 'USER')
          ORDER BY pinned DESC, importance DESC, updated_at DESC LIMIT 100`,
        [tenantId, userId, agentId],
      );
      const coreIds = new Set(core.rows.map((r) => r.id));
      let carry = 0;
      const coreLines = fitLines(core.rows.map((r) => `- ${r.key ? `${r.key}: ` : ''}${oneLine(r.content)}`), budget * SHARES.core);
      carry = budget * SHARES.core - chars(coreLines);

      let facts: QueryHit[] = [];
      let history: QueryHit[] = [];
      if (req.query.trim()) {
        [facts, history] = await Promise.all([
          opts.retriever.search({ scope: req.scope, query: req.query, k: 20, tiers: ['SEMANTIC', 'ARCHIVAL'], ...(req.entities ? { entities: req.entities } : {}) }),
          opts.retriever.search({ scope: req.scope, query: req.query, k: 12, tiers: ['EPISODIC'], ...(req.entities ? { entities: req.entities } : {}) }),
        ]);
      }
      const factLines = fitLines(
        facts.filter((h) => !coreIds.has(h.id)).map((h) => `- ${h.key ? `${h.key}: ` : ''}${oneLine(h.content)}`),
        budget * SHARES.facts + carry,
      );
      carry = budget * SHARES.facts + carry - chars(factLines);

      const historyLines = fitLines(
        history
          .filter((h) => !(h.kind === 'message' && req.sessionId !== undefined && h.sessionId === req.sessionId))
          .map((h) => {
            const role = h.kind === 'message' && typeof h.metadata.role === 'string' ? `${h.metadata.role}: ` : '';
            return `- (${day(h.createdAt)}${h.kind === 'episode' ? ', episode' : ''}) ${role}${oneLine(h.content)}`;
          }),
        budget * SHARES.history + carry,
      );
      carry = budget * SHARES.history + carry - chars(historyLines);

      let conversationLines: string[] = [];
      if (req.sessionId) {
        const rows = await opts.db.query<{ role: string | null; kind: string; content: string; at: unknown }>(
          `SELECT role, kind, content, at FROM working_entries
            WHERE tenant_id = $1 AND user_id = $2 AND session_id = $3 AND ($4::text IS NULL OR agent_id IS NULL OR agent_id = $4)
            ORDER BY seq DESC LIMIT 50`,
          [tenantId, userId, req.sessionId, agentId],
        );
        // Newest first while fitting, then shown oldest first.
        const newestFirst = rows.rows.map((r) => `${r.kind === 'note' ? 'note' : (r.role ?? 'user')} (${iso(r.at).slice(11, 16)}): ${oneLine(r.content)}`);
        const fitted: string[] = [];
        let used = 0;
        const limit = budget * SHARES.conversation + carry;
        for (const l of newestFirst) {
          if (used + l.length + 1 > limit) break;
          fitted.push(l);
          used += l.length + 1;
        }
        conversationLines = fitted.reverse();
      }

      const parts: string[] = [];
      if (coreLines.length) parts.push(`## Core profile\n${coreLines.join('\n')}`);
      if (factLines.length) parts.push(`## Known facts\n${factLines.join('\n')}`);
      if (historyLines.length) parts.push(`## Relevant history\n${historyLines.join('\n')}`);
      if (conversationLines.length) parts.push(`## Conversation so far\n${conversationLines.join('\n')}`);
      return {
        text: parts.join('\n\n'),
        sections: { core: coreLines.length, facts: factLines.length, history: historyLines.length, conversation: conversationLines.length },
      };
    },
  };
}
