import type { SqlExecutor } from '@engram/core';
import { valuesList } from '../sql-values';

export type HistoryAction =
  | 'created'
  | 'superseded'
  | 'deduplicated'
  | 'archived'
  | 'restored'
  | 'pinned'
  | 'unpinned'
  | 'forgotten'
  | 'rejected';

export interface HistoryRow {
  eventId: string;
  memoryId: string;
  action: HistoryAction;
  tenantId: string;
  userId: string;
  at: string;
  key?: string | null;
  version?: number | null;
  content?: string | null;
  source?: string | null;
  relatedId?: string | null;
  reason?: string | null;
  /** Record time: when Engram recorded the event. */
  recordedAt?: string | null;
  /** Valid time of the entry at this change (B3). */
  validFrom?: string | null;
  validTo?: string | null;
}

/** The primary key (event, memory, action) makes a replayed event write nothing twice. */
export async function addHistory(tx: SqlExecutor, h: HistoryRow): Promise<void> {
  await addHistories(tx, [h]);
}

const HISTORY_COLUMNS = 15;
const HISTORY_ROWS_PER_STATEMENT = 1000;

/** Several history rows, one statement per 1,000. */
export async function addHistories(tx: SqlExecutor, rows: readonly HistoryRow[]): Promise<void> {
  for (let from = 0; from < rows.length; from += HISTORY_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(from, from + HISTORY_ROWS_PER_STATEMENT);
    await tx.query(
      `INSERT INTO memory_history (event_id, memory_id, action, tenant_id, user_id, key, version, content, source, related_id, reason, at, recorded_at, valid_from, valid_to)
       VALUES ${valuesList(chunk.length, HISTORY_COLUMNS)} ON CONFLICT DO NOTHING`,
      chunk.flatMap(historyParams),
    );
  }
}

function historyParams(h: HistoryRow): unknown[] {
  return [
    h.eventId,
    h.memoryId,
    h.action,
    h.tenantId,
    h.userId,
    h.key ?? null,
    h.version ?? null,
    h.content ?? null,
    h.source ?? null,
    h.relatedId ?? null,
    h.reason ?? null,
    h.at,
    h.recordedAt ?? null,
    h.validFrom ?? null,
    h.validTo ?? null,
  ];
}
