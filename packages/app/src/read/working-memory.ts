import type { Scope, SqlExecutor } from '@engram/core';
import { selectWorkingEntries } from './queries';
import type { WorkingEntryRow } from './queries';

export const WORKING_MEMORY_CAPACITY = 20;
export const DEFAULT_WORKING_BUDGET_CHARS = 4000;

function line(e: WorkingEntryRow): string {
  const who = e.kind === 'note' ? 'note' : (e.role ?? 'message');
  return `- **${who}**: ${e.content.replace(/\s*\n\s*/g, ' ')}`;
}

/**
 * M5: renders a session's ring buffer as markdown for a system prompt. Over the character budget,
 * entries are dropped lowest importance first (older first among equals); order stays chronological.
 */
export function renderWorkingMarkdown(sessionId: string, entries: WorkingEntryRow[], budgetChars: number): string {
  const header = `## Working memory (session ${sessionId})\n`;
  if (entries.length === 0) return `${header}\n_(empty)_\n`;
  const kept = new Set(entries.map((_, i) => i));
  const size = () => header.length + [...kept].reduce((n, i) => n + line(entries[i]!).length + 1, 0);
  const dropOrder = entries
    .map((e, i) => ({ i, importance: e.importance, seq: e.seq }))
    .sort((a, b) => a.importance - b.importance || a.seq - b.seq);
  for (const d of dropOrder) {
    if (size() <= budgetChars || kept.size <= 1) break;
    kept.delete(d.i);
  }
  let body = [...kept].sort((a, b) => a - b).map((i) => line(entries[i]!)).join('\n');
  if (header.length + body.length + 1 > budgetChars) body = body.slice(0, Math.max(0, budgetChars - header.length - 2)) + '…';
  return `${header}${body}\n`;
}

export async function loadWorkingMarkdown(db: SqlExecutor, scope: Scope, sessionId: string, budgetChars: number): Promise<string> {
  const entries = await selectWorkingEntries(db, scope, sessionId, WORKING_MEMORY_CAPACITY);
  return renderWorkingMarkdown(sessionId, entries, budgetChars);
}
