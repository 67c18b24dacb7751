import { PROJECTION_NAMES, type ProjectionName } from '@engram/projections';
import { openEmbedder } from '@engram/runtime';
import { noPositionals, parseFlags, positionFlag, stringFlag } from '../args';
import type { Command } from '../command';
import { withOffline } from '../offline';
import { replaySearchIndex, type SearchReplayOutcome } from '../replay/search-replay';
import { replaySql, type SqlReplayOutcome } from '../replay/sql-replay';
import { UsageError } from '../usage-error';

const SEARCH = 'search-index';
const CHOICES = [...PROJECTION_NAMES, SEARCH, 'all'] as const;

function chosen(value: string | undefined): { sql: ProjectionName[]; search: boolean } {
  const v = value ?? 'all';
  if (v === 'all') return { sql: [...PROJECTION_NAMES], search: true };
  const out = { sql: [] as ProjectionName[], search: false };
  for (const part of v.split(',').map((s) => s.trim())) {
    if (part === SEARCH || part === 'search') out.search = true;
    else if ((PROJECTION_NAMES as readonly string[]).includes(part)) out.sql.push(part as ProjectionName);
    else
      throw new UsageError(
        `--projection ${part}: must be one of ${CHOICES.join(', ')} (or a comma-separated list)`,
        'replay',
      );
  }
  return out;
}

export const replayCommand: Command = {
  name: 'replay',
  summary: 'rebuild read models from the log side by side and switch atomically (L6)',
  usage: `Usage: engram replay [--projection NAME|all] [--from POSITION] [--restart]

Rebuilds projections from the log without touching the live copies until the switch:
  SQL projections (${PROJECTION_NAMES.join(', ')}): built in the shadow schema "engram_replay" with
    the same migrations and projector code, caught up to the live head, then swapped in with their
    checkpoints in ONE transaction (tables move between schemas); readers see the old tables until
    the commit and the new ones after it.
  search-index: BM25 and vector snapshots are built with the configured embedder under
    <dir>.replay, then renamed over the live directories.
Interrupted (Ctrl-C), the shadow and the .replay snapshots keep their checkpoints: the same command
resumes; --restart discards them. Works offline on embedded data (refuses while the service runs).

Options:
  --projection P   ${CHOICES.join(' | ')}, or a comma-separated list (default all)
  --from POSITION  "partition:offset" or offset: SQL projections apply events from there on
                   (default: the beginning of the log)
  --restart        drop an interrupted replay's shadow instead of resuming it`,
  async run(argv, io) {
    const a = parseFlags('replay', argv, {
      projection: { type: 'string' },
      from: { type: 'string' },
      restart: { type: 'boolean' },
    });
    noPositionals('replay', a);
    const which = chosen(stringFlag('replay', a, 'projection'));
    const from = positionFlag('replay', a, 'from');
    const started = Date.now();
    const out = await withOffline(io, 'replay', async (f) => {
      let sql: SqlReplayOutcome | null = null;
      let search: SearchReplayOutcome | null = null;
      if (which.sql.length > 0)
        sql = await replaySql(f.log, f.db, { projections: which.sql, from, restart: Boolean(a.flags.restart) }, io);
      if (which.search) {
        if (a.flags.restart) {
          const { rm } = await import('node:fs/promises');
          await rm(`${f.cfg.textIndexDir}.replay`, { recursive: true, force: true });
          if (f.cfg.vectors.kind === 'local') await rm(`${f.cfg.vectors.dir}.replay`, { recursive: true, force: true });
        }
        const embedder = await openEmbedder(f.cfg);
        try {
          search = await replaySearchIndex(f.cfg, f.log, embedder, io);
        } finally {
          await embedder.close?.();
        }
      }
      const events = [...(await f.log.head()).values()].reduce((s, n) => s + n, 0);
      return { projections: [...which.sql, ...(which.search ? [SEARCH] : [])], events, sql, search };
    });
    const seconds = (Date.now() - started) / 1000;
    io.stdout.write(
      `${JSON.stringify({ ...out, seconds, eventsPerSecond: Math.round(out.events / Math.max(seconds, 1e-3)) })}\n`,
    );
    return 0;
  },
};
