import type { EventLog, SqlExecutor } from '@engram/core';
import { PROJECTION_NAMES, lagSummary, projectionLag, readModelCounts } from '@engram/projections';
import { createLocalTextIndex } from '@engram/index-local';
import type { EngramConfig } from '@engram/runtime';
import { noPositionals, parseFlags } from '../args';
import type { Command } from '../command';
import { diskUsage } from '../disk-usage';
import { withOffline } from '../offline';

export interface EngramStats {
  dataDir: string;
  log: { kind: string; events: number; head: Record<string, number>; bytesOnDisk: number | null };
  store: string;
  tiers: Record<string, number>;
  tables: Record<string, number>;
  projections: Array<{ projection: string; checkpoint: Record<string, number>; lag: number }>;
}

async function searchIndexProgress(
  cfg: Readonly<EngramConfig>,
  head: Map<number, number>,
): Promise<EngramStats['projections'][number]> {
  const text = await createLocalTextIndex({ dir: cfg.textIndexDir });
  const cp = text.loadedCheckpoint() as { next?: Record<string, number> } | null;
  await text.close();
  const checkpoint = cp?.next ?? {};
  let lag = 0;
  for (const [p, h] of head) lag += Math.max(0, h - (checkpoint[String(p)] ?? 0));
  return { projection: 'search-index', checkpoint, lag };
}

export async function collectStats(
  cfg: Readonly<EngramConfig>,
  log: EventLog,
  db: SqlExecutor & { kind: string },
): Promise<EngramStats> {
  const head = await log.head();
  const { tiers, tables } = await readModelCounts(db);
  const lags = await projectionLag(db, log, PROJECTION_NAMES);
  return {
    dataDir: cfg.dataDir,
    log: {
      kind: cfg.log.kind,
      // Offsets are dense from 0 in every partition, so the head is the number of events.
      events: [...head.values()].reduce((s, n) => s + n, 0),
      head: Object.fromEntries([...head].map(([p, n]) => [String(p), n])),
      bytesOnDisk: cfg.log.kind === 'file' ? await diskUsage(cfg.log.dir) : null,
    },
    store: db.kind,
    tiers,
    tables,
    projections: [...lagSummary(lags), await searchIndexProgress(cfg, head)],
  };
}

function humanBytes(n: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let v = n;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

export function renderStats(s: EngramStats): string {
  const lines = [
    `data dir      ${s.dataDir}`,
    `log           ${s.log.kind}, ${s.log.events} events, head ${JSON.stringify(s.log.head)}${s.log.bytesOnDisk !== null ? `, ${humanBytes(s.log.bytesOnDisk)} on disk` : ''}`,
    `read store    ${s.store}`,
    '',
    'tier          entries',
    ...Object.entries(s.tiers).map(([t, n]) => `${t.padEnd(13)} ${n}`),
    '',
    'table              rows',
    ...Object.entries(s.tables).map(([t, n]) => `${t.padEnd(18)} ${n}`),
    '',
    'projection     checkpoint           lag',
    ...s.projections.map((p) => `${p.projection.padEnd(14)} ${JSON.stringify(p.checkpoint).padEnd(20)} ${p.lag}`),
  ];
  return lines.join('\n');
}

export const statsCommand: Command = {
  name: 'stats',
  summary: 'entries per tier, rows per table, projection checkpoints and lag, log size and event count',
  usage: `Usage: engram stats [--json]

Prints the entries per tier (WORKING = working entries, EPISODIC = messages + episodes, SEMANTIC and
ARCHIVAL memories), rows per read-model table, each projection's checkpoint against the log head
(lag = events not applied yet, the search index included), the log's size on disk and its event count.
Works offline on the data directory (refuses with CONFLICT/SERVICE_RUNNING while the service has an
embedded data directory open).

Options:
  --json   one JSON object instead of the table`,
  async run(argv, io) {
    const a = parseFlags('stats', argv, { json: { type: 'boolean' } });
    noPositionals('stats', a);
    const stats = await withOffline(io, 'stats', (f) => collectStats(f.cfg, f.log, f.db));
    io.stdout.write(`${a.flags.json ? JSON.stringify(stats) : renderStats(stats)}\n`);
    return 0;
  },
};
