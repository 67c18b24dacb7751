/**
 * Issue 13 item 7: concurrent writers against a real all-in-one process, SIGKILL at random
 * moments, restart; then every acknowledged write is checked in the log (there exactly once, at
 * the position it was acknowledged with) and in the read models (applied exactly once), and the
 * read models are compared table by table with a clean replay of the same log.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { formatPosition, parsePosition, seededRandom, silentLogger, type LogPosition } from '@engram/core';
import {
  PROJECTION_NAMES,
  PROJECTORS,
  runMigrations,
  sqlProjectionProgress,
  startProjector,
} from '@engram/projections';
import { openPglite } from '@engram/store-pglite';
import { differingTables, hashReadModelTables } from '@engram/testing';
import type { EngramProcess } from '../../e2e/support/engram-process';
import { catchUpLine, openDataDir, start, waitForReadSide, waitForReady, type CatchUpLine } from './service';

export interface KillCampaignOptions {
  kills: number;
  writers: number;
  /** Each round SIGKILLs after a random number of acknowledged writes in [min, max] … */
  minAcksPerRound: number;
  maxAcksPerRound: number;
  seed: number;
  /** Longest wait for the read side after a restart. */
  catchUpTimeoutMs?: number;
  dataDir?: string;
}

export interface Ack {
  kind: 'memory' | 'message';
  userId: string;
  eventId: string;
  /** The memory id (memory writes). */
  memoryId: string | null;
  position: string;
  content: string;
}

export interface RoundFigures {
  round: number;
  acks: number;
  /** Writes that failed without an answer (in flight at the kill, or sent while the process was down). */
  unanswered: number;
  healthyMs: number;
  /** Restart to the read side (SQL projections + search index) having applied every acknowledged write. */
  catchUpMs: number;
  searchIndex: CatchUpLine | null;
}

export interface KillCampaignResult {
  kills: number;
  writers: number;
  acknowledged: number;
  unanswered: number;
  /** Acknowledged writes missing from the log or the read models. */
  lost: number;
  /** Writes present more than once (log events with one id, read-model rows with one content). */
  duplicated: number;
  /** Acknowledged at a position that holds another event (a reused position). */
  misplaced: number;
  /** 4xx/5xx answers other than the 503s of a service going down. */
  unexpectedAnswers: string[];
  rounds: RoundFigures[];
  /** Read-model tables that differ from a clean replay of the same log (must be empty). */
  replayDiffers: string[];
  logEvents: number;
  catchUpMs: { median: number; max: number };
  problems: string[];
}

const NOUNS = [
  'kayak',
  'violin',
  'lantern',
  'compass',
  'teapot',
  'bicycle',
  'telescope',
  'notebook',
  'saddle',
  'hammock',
];
const COLOURS = ['red', 'green', 'amber', 'indigo', 'silver', 'ochre', 'teal', 'violet'];

function contentOf(writer: number, seq: number, random: () => number): string {
  const noun = NOUNS[Math.floor(random() * NOUNS.length)]!;
  const colour = COLOURS[Math.floor(random() * COLOURS.length)]!;
  return `Campaign note ${writer}.${seq}: the ${colour} ${noun} is kept in crate ${Math.floor(random() * 10_000)}.`;
}

/** One round of load: `writers` loops writing until stop() (each write a memory or a message). */
function load(
  engram: EngramProcess,
  opts: { writers: number; random: () => number; seqs: number[]; onAck(a: Ack): void; onUnexpected(s: string): void },
) {
  let stopped = false;
  let unanswered = 0;
  const loop = async (w: number) => {
    const userId = `writer-${w}`;
    while (!stopped) {
      const seq = opts.seqs[w]!++;
      const content = contentOf(w, seq, opts.random);
      const asMessage = opts.random() < 0.3;
      try {
        const r = asMessage
          ? await engram.request('POST', `/v1/sessions/campaign-${w}/messages`, {
              userId,
              role: 'user',
              content,
              messageId: `m-${w}-${seq}`,
            })
          : await engram.request('POST', '/v1/memories', { userId, type: 'USER', content });
        if (r.status === 202) {
          opts.onAck({
            kind: asMessage ? 'message' : 'memory',
            userId,
            eventId: r.body.eventId,
            memoryId: asMessage ? null : r.body.id,
            position: r.body.position,
            content,
          });
        } else {
          opts.onUnexpected(`${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        }
      } catch {
        // No answer: the process is gone (or going). Not acknowledged, so nothing is owed.
        unanswered++;
        if (engram.child.exitCode !== null || engram.child.signalCode !== null) return;
      }
    }
  };
  const loops = Array.from({ length: opts.writers }, (_, w) => loop(w));
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return unanswered;
    },
  };
}

function maxPosition(acks: Ack[]): Ack | null {
  let best: Ack | null = null;
  let bestPos: LogPosition | null = null;
  for (const a of acks) {
    const p = parsePosition(a.position)!;
    if (
      !bestPos ||
      p.partition > bestPos.partition ||
      (p.partition === bestPos.partition && p.offset > bestPos.offset)
    ) {
      best = a;
      bestPos = p;
    }
  }
  return best;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export async function runKillCampaign(opts: KillCampaignOptions): Promise<KillCampaignResult> {
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'engram-faults-')));
  const random = seededRandom(opts.seed);
  const catchUpTimeoutMs = opts.catchUpTimeoutMs ?? 300_000;
  const acks: Ack[] = [];
  const unexpectedAnswers: string[] = [];
  const rounds: RoundFigures[] = [];
  const seqs = Array.from({ length: opts.writers }, () => 0);
  let unansweredTotal = 0;
  let { engram, healthyMs } = await start(dataDir);
  try {
    for (let round = 0; round <= opts.kills; round++) {
      const restartedAt = performance.now() - healthyMs;
      // After a restart: the read side must get every write acknowledged before the kill.
      const last = maxPosition(acks);
      const catchUpMs = last
        ? (await waitForReadSide(engram, last.userId, last.position, catchUpTimeoutMs), performance.now() - restartedAt)
        : 0;
      const searchIndex = round > 0 ? catchUpLine(engram.output()) : null;
      if (round === opts.kills) {
        rounds.push({ round, acks: 0, unanswered: 0, healthyMs, catchUpMs, searchIndex });
        break;
      }
      const target = opts.minAcksPerRound + Math.floor(random() * (opts.maxAcksPerRound - opts.minAcksPerRound + 1));
      let inRound = 0;
      let reached!: () => void;
      const enough = new Promise<void>((r) => (reached = r));
      const running = load(engram, {
        writers: opts.writers,
        random,
        seqs,
        onAck: (a) => {
          acks.push(a);
          if (++inRound >= target) reached();
        },
        onUnexpected: (s) => unexpectedAnswers.push(s),
      });
      await enough;
      // A random moment: up to a few more writes' worth of time after the target, writes in flight.
      await new Promise((r) => setTimeout(r, Math.floor(random() * 40)));
      await engram.kill('SIGKILL');
      const unanswered = await running.stop();
      unansweredTotal += unanswered;
      rounds.push({ round, acks: inRound, unanswered, healthyMs, catchUpMs, searchIndex });
      ({ engram, healthyMs } = await start(dataDir));
    }
    await waitForReady(engram, catchUpTimeoutMs);
    await engram.kill('SIGTERM');
    const verdict = await verify(dataDir, acks);
    const catchUps = rounds.slice(1).map((r) => r.catchUpMs);
    return {
      kills: opts.kills,
      writers: opts.writers,
      acknowledged: acks.length,
      unanswered: unansweredTotal,
      unexpectedAnswers,
      rounds,
      ...verdict,
      catchUpMs: { median: median(catchUps), max: Math.max(0, ...catchUps) },
    };
  } finally {
    await engram.kill('SIGKILL');
    if (ownDir) await rm(dataDir, { recursive: true, force: true });
  }
}

/** Checks every acknowledged write offline, then rebuilds the read models from the log into a fresh store and compares. */
async function verify(dataDir: string, acks: Ack[]) {
  const problems: string[] = [];
  const { log, db, close } = await openDataDir(dataDir);
  try {
    const byEventId = new Map<string, string[]>();
    let logEvents = 0;
    for await (const { event, position } of log.read()) {
      logEvents++;
      const at = byEventId.get(event.eventId) ?? [];
      at.push(formatPosition(position));
      byEventId.set(event.eventId, at);
    }
    let lost = 0;
    let duplicated = 0;
    let misplaced = 0;
    for (const [id, at] of byEventId) {
      if (at.length > 1) {
        duplicated++;
        problems.push(`event ${id} is in the log ${at.length} times (${at.join(', ')})`);
      }
    }
    const memories = await db.query<{ id: string; content: string; n: number }>(
      "SELECT min(id::text) AS id, content, count(*)::int AS n FROM memories WHERE content LIKE 'Campaign note %' GROUP BY content",
    );
    const messages = await db.query<{ event_id: string; content: string; n: number }>(
      "SELECT min(event_id::text) AS event_id, content, count(*)::int AS n FROM messages WHERE content LIKE 'Campaign note %' GROUP BY content",
    );
    const rows = new Map<string, { id: string; n: number }>();
    for (const r of memories.rows) rows.set(r.content, { id: r.id, n: Number(r.n) });
    for (const r of messages.rows) rows.set(r.content, { id: r.event_id, n: Number(r.n) });
    for (const [content, r] of rows) {
      if (r.n > 1) {
        duplicated++;
        problems.push(`"${content}" is in the read models ${r.n} times`);
      }
    }
    for (const a of acks) {
      const at = byEventId.get(a.eventId);
      if (!at) {
        lost++;
        problems.push(`acknowledged ${a.kind} ${a.eventId} at ${a.position} is not in the log`);
        continue;
      }
      if (!at.includes(a.position)) {
        misplaced++;
        problems.push(`acknowledged ${a.kind} ${a.eventId} at ${a.position} is in the log at ${at.join(', ')}`);
      }
      const row = rows.get(a.content);
      const expectedId = a.kind === 'memory' ? a.memoryId : a.eventId;
      if (!row || row.id !== expectedId) {
        lost++;
        problems.push(
          `acknowledged ${a.kind} ${a.eventId} ("${a.content}") is not in the read models${row ? ` (found ${row.id})` : ''}`,
        );
      }
    }

    const live = await hashReadModelTables(db);
    const fresh = await openPglite();
    try {
      await runMigrations(fresh);
      const running = await Promise.all(
        Object.values(PROJECTORS).map((projector) =>
          startProjector({ log, db: fresh, projector, logger: silentLogger }),
        ),
      );
      const head = await log.head();
      const progress = sqlProjectionProgress(fresh, [...PROJECTION_NAMES]);
      for (const [partition, next] of head) {
        if (next === 0) continue;
        while (!(await progress.reached({ partition, offset: next - 1 }))) await new Promise((r) => setTimeout(r, 50));
      }
      await Promise.all(running.map((r) => r.close()));
      const replayed = await hashReadModelTables(fresh);
      const replayDiffers = differingTables(live, replayed);
      for (const t of replayDiffers) problems.push(`read model table ${t} differs from a clean replay`);
      return { lost, duplicated, misplaced, replayDiffers, logEvents, problems };
    } finally {
      await fresh.close();
    }
  } finally {
    await close();
  }
}
