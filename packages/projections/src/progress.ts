import type { EventLog, LogPosition, ProjectionProgress, SqlExecutor } from '@engram/core';
import { PROJECTION_NAMES } from './projection-names';

async function checkpointsOf(
  db: SqlExecutor,
  names: readonly string[],
): Promise<Array<{ projection: string; partition: number; next_offset: number }>> {
  const r = await db.query<{ projection: string; partition: number; next_offset: number }>(
    'SELECT projection, partition, next_offset FROM projection_checkpoints WHERE projection = ANY($1::text[])',
    [names],
  );
  return r.rows.map((row) => ({ ...row, next_offset: Number(row.next_offset) }));
}

/** reached(pos) is true once every named projection has applied pos (its checkpoint is past it). */
export function sqlProjectionProgress(db: SqlExecutor, projectionNames: string[]): ProjectionProgress {
  const names = [...projectionNames];
  return {
    async reached(pos: LogPosition): Promise<boolean> {
      if (names.length === 0) return true;
      const r = await db.query<{ projection: string; next_offset: number }>(
        'SELECT projection, next_offset FROM projection_checkpoints WHERE projection = ANY($1::text[]) AND partition = $2',
        [names, pos.partition],
      );
      const next = new Map(r.rows.map((row) => [row.projection, Number(row.next_offset)]));
      return names.every((n) => (next.get(n) ?? 0) > pos.offset);
    },
  };
}

export interface PartitionLag {
  partition: number;
  nextOffset: number;
  head: number;
  lag: number;
}

export interface ProjectionLag {
  projection: string;
  /** Events in the log not yet applied, over all partitions. */
  lag: number;
  partitions: PartitionLag[];
}

/** How far each projection is behind the log's head (for stats). */
export async function projectionLag(
  db: SqlExecutor,
  log: Pick<EventLog, 'head'>,
  projectionNames: readonly string[] = PROJECTION_NAMES,
): Promise<ProjectionLag[]> {
  const [head, rows] = await Promise.all([log.head(), checkpointsOf(db, projectionNames)]);
  return projectionNames.map((projection) => {
    const partitions = [...head.entries()]
      .sort(([a], [b]) => a - b)
      .map(([partition, h]) => {
        const nextOffset = rows.find((r) => r.projection === projection && r.partition === partition)?.next_offset ?? 0;
        return { partition, nextOffset, head: h, lag: Math.max(0, h - nextOffset) };
      });
    return { projection, lag: partitions.reduce((s, p) => s + p.lag, 0), partitions };
  });
}

/** A projection's checkpoint per partition and its lag, as `engram stats` and GET /v1/admin/stats show it. */
export function lagSummary(
  lags: readonly ProjectionLag[],
): Array<{ projection: string; checkpoint: Record<string, number>; lag: number }> {
  return lags.map((l) => ({
    projection: l.projection,
    checkpoint: Object.fromEntries(l.partitions.map((p) => [String(p.partition), p.nextOffset])),
    lag: l.lag,
  }));
}
