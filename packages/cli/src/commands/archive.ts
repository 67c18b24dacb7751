import { runColdArchive } from '@engram/archive';
import { PROJECTORS } from '@engram/projections';
import { noPositionals, numberFlag, parseFlags } from '../args';
import { catchUpProjectors } from '../catch-up';
import type { Command } from '../command';
import { configOf, withOffline } from '../offline';
import { UsageError } from '../usage-error';

export const archiveCommand: Command = {
  name: 'archive',
  summary: 'cold archive: write old entries to JSONL batches and archive them (A1)',
  usage: `Usage: engram archive --now [--days N]

Runs the cold archive once (the all-in-one runs it daily at ENGRAM_ARCHIVE_AT, default 03:00):
SEMANTIC entries neither changed nor read for ARCHIVE_DAYS (default 90; pinned and USER entries
never) are written atomically (temp file, fsync, rename) to <data dir>/archive/batch-*.jsonl, a
metadata record first, then moved to the ARCHIVAL tier with MemoryArchived{reason: cold_archive}.
A run also finishes a batch an interrupted run wrote, and removes records of entries erased since.
Works offline (refuses while the service runs; the service's own job does the same work).

Options:
  --now      run now (required: the schedule itself lives in \`engram start\`)
  --days N   override ARCHIVE_DAYS for this run`,
  async run(argv, io) {
    const a = parseFlags('archive', argv, { now: { type: 'boolean' }, days: { type: 'string' } });
    noPositionals('archive', a);
    if (!a.flags.now) throw new UsageError('--now is required', 'archive');
    const cfg = configOf(io);
    const days = numberFlag('archive', a, 'days', cfg.archive.days, 0);
    const out = await withOffline(
      io,
      'archive',
      async (f) => {
        // The candidates are read from the read models: bring them up to the log first.
        await catchUpProjectors(f.log, f.db, Object.values(PROJECTORS), { signal: io.signal });
        return runColdArchive({ db: f.db, log: f.log, dataDir: f.cfg.dataDir }, { days, now: new Date() });
      },
      cfg,
    );
    io.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  },
};
