import { eventProblem } from '@engram/contract';
import {
  ContentScreen,
  EngramError,
  formatPosition,
  inSpan,
  isTraceparent,
  memoryDeadLetters,
  noopTelemetry,
  PoisonGuard,
  pollUntil,
  readEventAt,
  silentLogger,
  toEngramError,
  type Clock,
  type DeadLetters,
  type DecayConfig,
  type EngramEvent,
  type EventLog,
  type Logger,
  type MemoryWritten,
  type SqlDatabase,
  type StoredEvent,
  type Subscription,
  type Telemetry,
} from '@engram/core';
import { runDecayPass } from './decay-pass';
import type { ExtractionEngine } from './extraction/types';
import type { VerifyingExtractionEngine } from './extraction/llm/llm-engine';
import { planMemory } from './plan-memory';
import { episodeIdOf, planSession } from './plan-session';
import { episodeExists, projectionNextOffset } from './read-models';
import type { ConsolidationTask } from './tasks/task';
import { TaskJournal } from './tasks/task-journal';
import { shuttingDown, TaskQueue } from './tasks/task-queue';
import { endIdleSessions } from './triggers';

export interface ConsolidatorConfig {
  /** K1: sessions idle longer than this are ended (reason "idle"). */
  idleSeconds: number;
  decay: DecayConfig;
  /** Events per subscription batch (default 256). */
  batchSize?: number;
  /** Failed attempts after which a task is reported as stuck (it stays queued; default 8). */
  maxAttempts?: number;
  /** Tasks run at once (default 2); one user's tasks always run one at a time. */
  concurrency?: number;
  /** K4: MemoryWritten at or above this importance is distilled at once (default 0.8). */
  distillImportance?: number;
  /** How often idle sessions are looked for (default: min(idleSeconds/2, 30 s)). */
  idleCheckMs?: number;
  /** How often the decay pass runs over every user (default 1 h; 0 disables the timer). */
  decayIntervalMs?: number;
  /** How long a task waits for the projections it reads before it is retried (default 30 s). */
  projectionWaitMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** Subscribe from the start of the log (rebuilds; tasks already done are recognised and skipped). */
  fromBeginning?: boolean;
  /** How often dead letters marked for retry are queued again (default 2 s; 0 = only on retryNow()). */
  retryPollMs?: number;
}

export interface ConsolidatorOptions {
  log: EventLog;
  db: SqlDatabase;
  engine: ExtractionEngine | VerifyingExtractionEngine;
  clock: Clock;
  /** Directory for the durable task journal (K3); not a read model. */
  stateDir: string;
  config: ConsolidatorConfig;
  /** P2 for every derived write: the API's screen (rules, optional classifier, policy); default rules alone, policy block. */
  screen?: ContentScreen;
  logger?: Logger;
  /** Where events and tasks the consolidator cannot process are parked (default: in memory). */
  deadLetters?: DeadLetters;
  /** engram_consolidation_duration_seconds and a span per task, in the trace of the write that caused it. */
  telemetry?: Telemetry;
}

export interface Consolidator {
  start(): Promise<void>;
  close(): Promise<void>;
  /** Tasks queued or running. */
  pending(): number;
  /** Resolves once the queue is empty (tests and graceful drains). */
  whenIdle(): Promise<void>;
  /** Runs the idle-session check now; returns how many sessions were ended. */
  checkIdleSessions(): Promise<number>;
  /** Runs the decay pass now (all users, or one); returns how many entries were archived. */
  runDecay(scope?: { tenantId: string; userId: string }): Promise<number>;
  /** Queues the dead letters marked for retry again now; resolves with how many were queued. */
  retryNow(): Promise<number>;
  status(): { deadLettered: number; pending: number };
}

export const CONSOLIDATOR_CONSUMER = 'consolidator';
const CONSUMER = CONSOLIDATOR_CONSUMER;

/**
 * L3/K1–K4: reacts to SessionEnded (explicit, idle, manual) and high-importance MemoryWritten by
 * queuing durable tasks; each task reads the ledger and the semantic read model (SQL) and appends
 * EpisodeCreated / FactExtracted / contradiction / SkillRecorded / WriteRejected events with ids
 * derived from the cause. It never writes a read model.
 */
export function createConsolidator(opts: ConsolidatorOptions): Consolidator {
  const cfg = {
    batchSize: 256,
    maxAttempts: 8,
    concurrency: 2,
    distillImportance: 0.8,
    decayIntervalMs: 3_600_000,
    projectionWaitMs: 30_000,
    baseBackoffMs: 500,
    maxBackoffMs: 600_000,
    fromBeginning: false,
    ...opts.config,
  };
  if (!(cfg.idleSeconds > 0))
    throw new EngramError('CONFIG_INVALID', `consolidator idleSeconds must be positive, got ${cfg.idleSeconds}`);
  if (!(Number.isInteger(cfg.concurrency) && cfg.concurrency > 0))
    throw new EngramError('CONFIG_INVALID', 'consolidator concurrency must be a positive integer');
  const idleCheckMs = cfg.idleCheckMs ?? Math.min(30_000, Math.max(50, (cfg.idleSeconds * 1000) / 2));
  const logger = opts.logger ?? silentLogger;
  const engine = opts.engine as VerifyingExtractionEngine;
  const screen = opts.screen ?? new ContentScreen({ logger });
  const { log, db, clock } = opts;
  const deadLetters = opts.deadLetters ?? memoryDeadLetters();
  let deadLettered = 0;
  let journal: TaskJournal | null = null;
  let queue: TaskQueue | null = null;
  let sub: Subscription | null = null;
  let closing = false;
  const timers: NodeJS.Timeout[] = [];
  const idleEnded = new Map<string, string>();
  const recentlyArchived = new Set<string>();
  let idleRunning: Promise<number> | null = null;
  let decayRunning: Promise<number> | null = null;

  const decay = (scope?: { tenantId: string; userId: string }) =>
    runDecayPass({ log, db, clock, decay: cfg.decay, logger, recentlyArchived }, scope);

  async function waitForProjection(name: string, partition: number, offset: number): Promise<void> {
    const reached = await pollUntil(
      async () => {
        if (closing) throw shuttingDown();
        return (await projectionNextOffset(db, name, partition)) > offset;
      },
      { backoff: { initialMs: 20, maxMs: 250 }, timeoutMs: cfg.projectionWaitMs },
    );
    if (!reached) {
      throw new EngramError(
        'PROJECTION_LAGGING',
        `projection "${name}" has not reached ${partition}:${offset} after ${cfg.projectionWaitMs} ms`,
        { details: { name, partition, offset } },
      );
    }
  }

  /** Whether a planned batch is already in the log (a retry after a crash between append and journal). */
  async function alreadyAppended(task: ConsolidationTask, events: EngramEvent[]): Promise<boolean> {
    if (task.kind === 'session' && (await episodeExists(db, episodeIdOf(task.causeEventId)))) return true;
    const ids = new Set(events.map((e) => e.eventId));
    for await (const stored of log.read({ from: task.position })) {
      if (ids.has(stored.event.eventId)) return true;
    }
    return false;
  }

  async function findCause(task: ConsolidationTask): Promise<MemoryWritten | null> {
    for await (const stored of log.read({ from: task.position, limit: 1 })) {
      const e = stored.event;
      return e.eventId === task.causeEventId && e.type === 'MemoryWritten' ? e : null;
    }
    return null;
  }

  const taskFactory = (task: ConsolidationTask) => async () => {
    if (closing) throw shuttingDown();
    const partition = task.position.partition;
    const head = (await log.head()).get(partition) ?? 0;
    const readUpTo = Math.max(task.position.offset, head - 1);
    if (task.kind === 'session') await waitForProjection('episodic', partition, task.position.offset);
    await waitForProjection('semantic', partition, readUpTo);
    const recordedAt = clock.now().toISOString();
    let events: EngramEvent[];
    let stats: Record<string, unknown> = {};
    if (task.kind === 'session') {
      const plan = await planSession({ db, engine, screen, logger, recordedAt }, task);
      events = plan.events;
      stats = plan.stats;
    } else {
      const cause = await findCause(task);
      if (!cause)
        throw new EngramError(
          'NOT_FOUND',
          `MemoryWritten ${task.causeEventId} is not at ${partition}:${task.position.offset}`,
          { retriable: false },
        );
      events = await planMemory({ db, engine, screen, logger, recordedAt }, cause);
    }
    if (events.length > 0) {
      if (await alreadyAppended(task, events)) {
        logger.info({ task: task.id }, 'consolidation already appended by an earlier attempt');
      } else {
        if (closing) throw shuttingDown();
        await log.append(events);
        logger.info({ task: task.id, events: events.length, ...stats }, 'consolidation appended');
      }
    }
    try {
      await decay({ tenantId: task.tenantId, userId: task.userId });
    } catch (e) {
      logger.warn(
        { task: task.id, err: toEngramError(e).message },
        'decay pass after consolidation failed; the timer will retry',
      );
    }
  };

  function taskFor(stored: StoredEvent): ConsolidationTask | null {
    const e = stored.event;
    const base = {
      causeEventId: e.eventId,
      correlationId: e.correlationId,
      position: stored.position,
      tenantId: e.tenantId,
      userId: e.userId,
      agentId: e.agentId,
      causeAt: e.occurredAt,
      enqueuedAt: clock.now().toISOString(),
      attempts: 0,
      notBefore: null,
      lastError: null,
    };
    if (e.type === 'SessionEnded') {
      return {
        ...base,
        id: `session:${e.eventId}`,
        kind: 'session',
        dedupKey: `session:${e.tenantId}/${e.userId}/${e.payload.sessionId}`,
        sessionId: e.payload.sessionId,
        memoryId: null,
      };
    }
    if (e.type === 'MemoryWritten' && e.payload.importance >= cfg.distillImportance) {
      return {
        ...base,
        id: `memory:${e.eventId}`,
        kind: 'memory',
        dedupKey: `memory:${e.payload.memoryId}`,
        sessionId: e.sessionId,
        memoryId: e.payload.memoryId,
      };
    }
    return null;
  }

  /** L8: parks what the consolidator cannot process; the rest goes on. */
  async function park(
    position: StoredEvent['position'],
    e: Partial<EngramEvent>,
    failure: EngramError,
    attempts: number,
  ): Promise<void> {
    await deadLetters.record({
      projection: CONSUMER,
      position,
      eventId: e.eventId ?? null,
      eventType: e.type ?? null,
      tenantId: e.tenantId ?? null,
      userId: e.userId ?? null,
      code: failure.code,
      error: failure.message,
      attempts,
    });
    deadLettered++;
    logger.error(
      {
        position: formatPosition(position),
        eventId: e.eventId,
        type: e.type,
        code: failure.code,
        err: failure.message,
        attempts,
      },
      'consolidation dead-lettered; the consolidator goes on',
    );
  }

  /** A retried dead letter becomes a fresh task again (its attempts start over). */
  async function retryNow(): Promise<number> {
    const q = queue;
    if (!q) return 0;
    let queued = 0;
    for (const dl of await deadLetters.retryRequested(CONSUMER, 100)) {
      try {
        const stored = await readEventAt(log, dl.position);
        const problem = eventProblem(stored.event);
        if (problem) throw problem;
        const task = taskFor(stored);
        if (task) await q.enqueue(task, true);
        await deadLetters.resolve(dl.id);
        queued++;
      } catch (err) {
        const e = toEngramError(err);
        await deadLetters.failedAgain(dl.id, e.code, e.message);
      }
    }
    return queued;
  }

  function every(ms: number, what: string, fn: () => Promise<unknown>): void {
    if (!(ms > 0)) return;
    const t = setInterval(() => {
      fn().catch((e: unknown) => logger.warn({ err: toEngramError(e).message }, `${what} failed`));
    }, ms);
    t.unref?.();
    timers.push(t);
  }

  const telemetry = opts.telemetry ?? noopTelemetry;
  const measuredTask = (task: ConsolidationTask) => {
    const run = taskFactory(task);
    return () =>
      inSpan(
        telemetry.tracer,
        `consolidate ${task.kind}`,
        {
          parent: isTraceparent(task.correlationId) ? task.correlationId : null,
          attributes: { 'engram.task.kind': task.kind, 'engram.task.attempt': task.attempts + 1 },
        },
        async () => {
          const t0 = performance.now();
          const out = await run();
          telemetry.metrics.consolidation((performance.now() - t0) / 1000);
          return out;
        },
      );
  };

  return {
    async start() {
      if (journal) throw new EngramError('CONFLICT', 'the consolidator is already started');
      closing = false;
      journal = await TaskJournal.open(opts.stateDir);
      queue = new TaskQueue({
        journal,
        taskFactory: measuredTask,
        concurrency: cfg.concurrency,
        maxAttempts: cfg.maxAttempts,
        baseBackoffMs: cfg.baseBackoffMs,
        maxBackoffMs: cfg.maxBackoffMs,
        clock,
        logger,
        deadLetter: (task, failure) =>
          park(
            task.position,
            {
              eventId: task.causeEventId,
              type: task.kind === 'session' ? 'SessionEnded' : 'MemoryWritten',
              tenantId: task.tenantId,
              userId: task.userId,
            },
            failure,
            task.attempts + 1,
          ),
      });
      if (journal.pending.size > 0)
        logger.info({ tasks: journal.pending.size }, 'consolidation tasks reloaded from the journal');
      queue.start();
      const q = queue;
      const enqueueAll = async (batch: StoredEvent[]) => {
        for (const stored of batch) {
          const task = taskFor(stored);
          if (task) await q.enqueue(task);
        }
      };
      const guard = new PoisonGuard<StoredEvent>({
        applyAll: enqueueAll,
        applyOne: (stored) => enqueueAll([stored]),
        refuse: (stored) => eventProblem(stored.event),
        deadLetter: (stored, failure, attempts) =>
          park(stored.position, stored.event as Partial<EngramEvent>, failure, attempts),
      });
      sub = await log.subscribe(async (batch) => void (await guard.apply(batch)), {
        name: CONSUMER,
        batchSize: cfg.batchSize,
        ...(cfg.fromBeginning ? { fromBeginning: true } : {}),
      });
      every(
        idleCheckMs,
        'idle session check',
        () =>
          (idleRunning ??= endIdleSessions({
            log,
            db,
            clock,
            idleSeconds: cfg.idleSeconds,
            logger,
            ended: idleEnded,
          }).finally(() => (idleRunning = null))),
      );
      every(cfg.decayIntervalMs, 'decay pass', () => (decayRunning ??= decay().finally(() => (decayRunning = null))));
      every(cfg.retryPollMs ?? 2000, 'dead-letter retry pass', retryNow);
    },
    async close() {
      closing = true;
      queue?.halt();
      for (const t of timers.splice(0)) clearInterval(t);
      await sub?.close();
      sub = null;
      await queue?.stop();
      await Promise.allSettled([idleRunning, decayRunning]);
      await journal?.close();
      queue = null;
      journal = null;
    },
    pending: () => queue?.size ?? 0,
    whenIdle: () => queue?.whenIdle() ?? Promise.resolve(),
    checkIdleSessions: () =>
      endIdleSessions({ log, db, clock, idleSeconds: cfg.idleSeconds, logger, ended: idleEnded }),
    runDecay: (scope) => decay(scope),
    retryNow,
    status: () => ({ deadLettered, pending: queue?.size ?? 0 }),
  };
}
