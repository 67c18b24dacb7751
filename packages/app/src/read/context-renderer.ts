import type { Clock, ContextRenderer, ContextRequest, Retriever, SqlExecutor } from '@engram/core';
import { WORKING_MEMORY_HEADING, memoryFromRow, renderWorkingMemory } from '@engram/projections';
import { scopeSql, toMemoryView } from './rows';

export const DEFAULT_CONTEXT_BUDGET_CHARS = 6000;

function takeLines(lines: string[], budget: number): string[] {
  const out: string[] = [];
  let used = 0;
  for (const l of lines) {
    if (used + l.length + 1 > budget) break;
    out.push(l);
    used += l.length + 1;
  }
  return out;
}

/**
 * R10 over SQL and a Retriever: core snapshot (pinned + USER facts), known facts relevant to the
 * query, relevant history (messages/episodes), the conversation so far; each section has its own
 * share of the character budget. `sections` counts the items rendered per section.
 */
export function createSqlContextRenderer(opts: { db: SqlExecutor; retriever: Retriever; clock: Clock }): ContextRenderer {
  return {
    async render(req: ContextRequest) {
      const budget = req.budgetChars ?? DEFAULT_CONTEXT_BUDGET_CHARS;
      const now = opts.clock.now();
      const core = await opts.db.query(
        `SELECT * FROM memories
          WHERE ${scopeSql(1)} AND superseded_by IS NULL AND tier = 'SEMANTIC' AND (pinned OR type = 'USER')
          ORDER BY pinned DESC, importance DESC, updated_at DESC LIMIT 50`,
        [req.scope.tenantId, req.scope.userId, req.scope.agentId],
      );
      const coreViews = core.rows.map((r) => toMemoryView(memoryFromRow(r), now));
      const coreIds = new Set(coreViews.map((m) => m.id));
      const hits = await opts.retriever.search({ scope: req.scope, query: req.query, k: 20 });
      const facts = hits.filter((h) => h.kind === 'memory' && !coreIds.has(h.id));
      const history = hits.filter((h) => h.kind !== 'memory' && (!req.sessionId || h.sessionId !== req.sessionId));

      const coreLines = takeLines(coreViews.map((m) => `- ${m.key ? `${m.key}: ` : ''}${m.content}`), Math.floor(budget * 0.3));
      const factLines = takeLines(facts.map((h) => `- ${h.key ? `${h.key}: ` : ''}${h.content}`), Math.floor(budget * 0.3));
      const historyLines = takeLines(history.map((h) => `- (${h.createdAt.slice(0, 10)}) ${h.content}`), Math.floor(budget * 0.2));
      const conversation = req.sessionId ? await renderWorkingMemory(opts.db, req.scope, req.sessionId, Math.floor(budget * 0.2)) : '';

      const parts: string[] = [];
      if (coreLines.length) parts.push(`## Core\n${coreLines.join('\n')}`);
      if (factLines.length) parts.push(`## Known facts\n${factLines.join('\n')}`);
      if (historyLines.length) parts.push(`## Relevant history\n${historyLines.join('\n')}`);
      if (conversation) parts.push(conversation.replace(WORKING_MEMORY_HEADING, '## Conversation so far'));
      return {
        text: parts.join('\n\n'),
        sections: { core: coreLines.length, facts: factLines.length, history: historyLines.length, conversation: conversation ? 1 : 0 },
      };
    },
  };
}
