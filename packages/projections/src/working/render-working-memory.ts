import type { Scope, SqlExecutor } from '@engram/core';

export interface WorkingEntry {
  id: string;
  kind: 'message' | 'note';
  role: string | null;
  content: string;
  importance: number;
  at: string;
  seq: number;
}

export const WORKING_MEMORY_HEADING = '## Working memory (current session)';

function lineOf(e: WorkingEntry, content: string = e.content): string {
  const label = e.kind === 'note' ? 'note' : (e.role ?? 'message');
  // One entry per list item: inner line breaks would end the item.
  return `- **${label}**: ${content.replace(/\s*[\r\n]+\s*/g, ' ')}`;
}

function render(entries: readonly WorkingEntry[]): string {
  return [WORKING_MEMORY_HEADING, '', ...entries.map((e) => lineOf(e))].join('\n');
}

/** The longest prefix of text (whole code points) whose rendered line, plus the rest, fits. */
function truncateToFit(entry: WorkingEntry, budget: number): string | null {
  const fixed = render([{ ...entry, content: '' }]).length;
  const room = budget - fixed;
  if (room < 2) return null;
  const flat = entry.content.replace(/\s*[\r\n]+\s*/g, ' ');
  let out = '';
  for (const ch of flat) {
    if (out.length + ch.length > room - 1) break;
    out += ch;
  }
  return render([{ ...entry, content: `${out}…` }]);
}

/**
 * M5: the session's working memory as markdown for a system prompt, in chronological order, never
 * longer than budgetChars. Over budget, entries are dropped by importance (lowest first, ties: the
 * oldest first); a single remaining entry that alone is over is truncated. Empty when there is
 * nothing to show (or not even the heading fits).
 */
export function renderWorkingEntries(entries: readonly WorkingEntry[], budgetChars: number): string {
  if (entries.length === 0 || budgetChars <= 0) return '';
  const kept = [...entries].sort((a, b) => a.seq - b.seq);
  const dropOrder = [...kept].sort((a, b) => a.importance - b.importance || a.seq - b.seq);
  let text = render(kept);
  while (text.length > budgetChars && kept.length > 1) {
    const victim = dropOrder.shift()!;
    kept.splice(kept.indexOf(victim), 1);
    text = render(kept);
  }
  if (text.length <= budgetChars) return text;
  return truncateToFit(kept[0]!, budgetChars) ?? '';
}

export async function loadWorkingEntries(db: SqlExecutor, scope: Scope, sessionId: string): Promise<WorkingEntry[]> {
  const r = await db.query<{
    id: string;
    kind: 'message' | 'note';
    role: string | null;
    content: string;
    importance: number;
    at: Date | string;
    seq: number;
  }>(
    `SELECT id, kind, role, content, importance, at, seq FROM working_entries
     WHERE tenant_id = $1 AND user_id = $2 AND session_id = $3 AND ($4::text IS NULL OR agent_id = $4)
     ORDER BY seq`,
    [scope.tenantId, scope.userId, sessionId, scope.agentId],
  );
  return r.rows.map((row) => ({
    ...row,
    at: row.at instanceof Date ? row.at.toISOString() : String(row.at),
    seq: Number(row.seq),
  }));
}

export async function renderWorkingMemory(
  db: SqlExecutor,
  scope: Scope,
  sessionId: string,
  budgetChars = 4000,
): Promise<string> {
  return renderWorkingEntries(await loadWorkingEntries(db, scope, sessionId), budgetChars);
}
