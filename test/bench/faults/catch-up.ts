/**
 * Issue 13 item 5 acceptance: SIGKILL during a steady write load once `events` writes are
 * acknowledged, restart, and time how long the read side (SQL projections + search index) takes to
 * have applied every acknowledged write: resuming from the search index's snapshot (now), side by
 * side with the same restart after the index files are removed, which re-indexes and re-embeds the
 * whole log (what every restart did before snapshots were taken by event count and vectors kept).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { EngramProcess } from '../../e2e/support/engram-process';
import { catchUpLine, configOf, start, waitForReadSide, type CatchUpLine } from './service';

export interface CatchUpRun {
  label: 'resume from snapshot' | 'no snapshot (full re-index)';
  healthyMs: number;
  /** Spawn → every acknowledged write applied by the read side. */
  catchUpMs: number;
  searchIndex: CatchUpLine | null;
}

export interface CatchUpResult {
  embedder: string;
  events: number;
  writers: number;
  logEvents: number;
  runs: CatchUpRun[];
}

async function steadyLoad(
  engram: EngramProcess,
  writers: number,
  events: number,
): Promise<{ last: { userId: string; position: string }; acked: number }> {
  let acked = 0;
  let seq = 0;
  let last: { userId: string; position: string; offset: number } | null = null;
  let killing = false;
  let reached!: () => void;
  const enough = new Promise<void>((r) => (reached = r));
  const loop = async (w: number) => {
    const userId = `load-${w}`;
    for (;;) {
      const n = seq++;
      const content = `Load note ${n}: shipment ${n % 97} left dock ${n % 11} on a ${['Monday', 'Tuesday', 'Friday'][n % 3]}.`;
      try {
        const r =
          n % 4 === 0
            ? await engram.request('POST', `/v1/sessions/load-${w}-${Math.floor(n / 50)}/messages`, {
                userId,
                role: 'user',
                content,
                messageId: `l-${n}`,
              })
            : await engram.request('POST', '/v1/memories', { userId, type: 'USER', content });
        if (r.status !== 202) throw new Error(`write answered ${r.status}: ${JSON.stringify(r.body)}`);
        const offset = Number(String(r.body.position).split(':').pop());
        if (!last || offset > last.offset) last = { userId, position: r.body.position, offset };
        if (++acked === events) reached();
      } catch (e) {
        // No answer once the kill is under way: not acknowledged, nothing owed.
        if (killing) return;
        throw e;
      }
    }
  };
  const loops = Array.from({ length: writers }, (_, w) => loop(w));
  await enough;
  // Killed under load: writes are still in flight.
  killing = true;
  await engram.kill('SIGKILL');
  await Promise.all(loops);
  return { last: last!, acked };
}

async function timedRestart(
  dataDir: string,
  env: Record<string, string>,
  label: CatchUpRun['label'],
  last: { userId: string; position: string },
): Promise<CatchUpRun> {
  const t0 = performance.now();
  const { engram, healthyMs } = await start(dataDir, env);
  try {
    await waitForReadSide(engram, last.userId, last.position, 1_800_000);
    return { label, healthyMs, catchUpMs: performance.now() - t0, searchIndex: catchUpLine(engram.output()) };
  } finally {
    await engram.kill('SIGTERM');
  }
}

export async function runCatchUp(opts: { events: number; writers: number; embedder: string }): Promise<CatchUpResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'engram-catchup-'));
  const env = { ENGRAM_EMBEDDER: opts.embedder };
  try {
    const { engram } = await start(dataDir, env);
    const { last, acked } = await steadyLoad(engram, opts.writers, opts.events);
    const resumed = await timedRestart(dataDir, env, 'resume from snapshot', last);
    // The same log, the same read store, no search-index files: the whole log is indexed and embedded again.
    const cfg = configOf(dataDir);
    await rm(cfg.textIndexDir, { recursive: true, force: true });
    if (cfg.vectors.kind === 'local') await rm(cfg.vectors.dir, { recursive: true, force: true });
    const full = await timedRestart(dataDir, env, 'no snapshot (full re-index)', last);
    return {
      embedder: opts.embedder,
      events: acked,
      writers: opts.writers,
      logEvents: Number(last.position.split(':').pop()) + 1,
      runs: [resumed, full],
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
