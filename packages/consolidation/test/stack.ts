import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  currentSchemaVersion,
  JsonEventCodec,
  newId,
  type Clock,
  type ContentScreen,
  type EngramEvent,
  type EventLog,
  type EventType,
  type Logger,
  type PayloadOf,
  type SqlDatabase,
} from '@engram/core';
import { openFileEventLog } from '@engram/event-log-file';
import { PROJECTORS, runMigrations, startProjector, type RunningProjector } from '@engram/projections';
import { openPglite } from '@engram/store-pglite';
import { createConsolidator, type Consolidator, type ConsolidatorConfig } from '../src/consolidator';
import type { ExtractionEngine } from '../src/extraction/types';
import { createRulesEngine } from '../src/extraction/rules/rules-engine';

export class RecordingLogger implements Logger {
  entries: Array<{ level: string; obj: Record<string, unknown>; msg?: string }> = [];
  debug(obj: Record<string, unknown>, msg?: string) {
    this.entries.push({ level: 'debug', obj, msg });
  }
  info(obj: Record<string, unknown>, msg?: string) {
    this.entries.push({ level: 'info', obj, msg });
  }
  warn(obj: Record<string, unknown>, msg?: string) {
    this.entries.push({ level: 'warn', obj, msg });
  }
  error(obj: Record<string, unknown>, msg?: string) {
    this.entries.push({ level: 'error', obj, msg });
  }
}

/** A clock the test moves by hand (message times, idle checks, decay). */
export class ManualClock implements Clock {
  constructor(public current: Date) {}
  now(): Date {
    return new Date(this.current.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface Stack {
  dir: string;
  log: EventLog;
  db: SqlDatabase;
  clock: ManualClock;
  logger: RecordingLogger;
  consolidator: Consolidator;
  openConsolidator(opts?: {
    engine?: ExtractionEngine;
    stateDir?: string;
    config?: Partial<ConsolidatorConfig>;
  }): Consolidator;
  events(): Promise<EngramEvent[]>;
  close(): Promise<void>;
}

export const DEFAULT_CONFIG: ConsolidatorConfig = {
  idleSeconds: 3600,
  decay: { importanceDecayDays: 30, archiveThreshold: 0.05 },
  idleCheckMs: 0,
  decayIntervalMs: 0,
  baseBackoffMs: 20,
  maxBackoffMs: 200,
  projectionWaitMs: 15_000,
};

/** The real components: file event log, PGlite read store, the four projectors, the consolidator. */
export async function openStack(
  opts: {
    engine?: ExtractionEngine;
    config?: Partial<ConsolidatorConfig>;
    start?: boolean;
    screen?: (logger: Logger) => ContentScreen;
  } = {},
): Promise<Stack> {
  const dir = await mkdtemp(join(tmpdir(), 'engram-consolidation-'));
  const log = await openFileEventLog({ dir: join(dir, 'log'), codec: new JsonEventCodec() });
  const db = await openPglite();
  await runMigrations(db);
  const running: RunningProjector[] = [];
  for (const projector of Object.values(PROJECTORS))
    running.push(await startProjector({ log, db, projector, batchSize: 200 }));
  const clock = new ManualClock(new Date('2026-11-30T10:00:00.000Z'));
  const logger = new RecordingLogger();
  const consolidators: Consolidator[] = [];
  const openConsolidator: Stack['openConsolidator'] = (o = {}) => {
    const c = createConsolidator({
      log,
      db,
      clock,
      logger,
      engine: o.engine ?? opts.engine ?? createRulesEngine(),
      stateDir: o.stateDir ?? join(dir, 'consolidator'),
      config: { ...DEFAULT_CONFIG, ...opts.config, ...o.config },
      ...(opts.screen ? { screen: opts.screen(logger) } : {}),
    });
    consolidators.push(c);
    return c;
  };
  const consolidator = openConsolidator();
  if (opts.start !== false) await consolidator.start();
  return {
    dir,
    log,
    db,
    clock,
    logger,
    consolidator,
    openConsolidator,
    async events() {
      const out: EngramEvent[] = [];
      for await (const s of log.read()) out.push(s.event);
      return out;
    },
    async close() {
      for (const c of consolidators) await c.close();
      for (const p of running) await p.close();
      await log.close();
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface Who {
  tenantId: string;
  userId: string;
  agentId: string | null;
}

export function event<T extends EventType>(
  type: T,
  who: Who,
  sessionId: string | null,
  payload: PayloadOf<T>,
  at: string,
): EngramEvent {
  return {
    eventId: newId(),
    type,
    schemaVersion: currentSchemaVersion(type),
    tenantId: who.tenantId,
    userId: who.userId,
    agentId: who.agentId,
    sessionId,
    occurredAt: at,
    recordedAt: at,
    causationId: null,
    correlationId: null,
    keyId: null,
    payload,
  } as EngramEvent;
}

/** Appends a conversation (alternating user/assistant turns, one minute apart) and returns the message ids. */
export async function converse(
  log: EventLog,
  who: Who,
  sessionId: string,
  turns: Array<[role: 'user' | 'assistant', text: string]>,
  start: Date,
): Promise<string[]> {
  const ids: string[] = [];
  const events = turns.map(([role, content], i) => {
    const messageId = `${sessionId}-m${i}`;
    ids.push(messageId);
    return event(
      'MessageObserved',
      who,
      sessionId,
      { messageId, role, content, metadata: {} },
      new Date(start.getTime() + i * 60_000).toISOString(),
    );
  });
  await log.append(events);
  return ids;
}

export async function endSession(
  log: EventLog,
  who: Who,
  sessionId: string,
  at: Date,
  reason: 'explicit' | 'idle' | 'manual' = 'explicit',
): Promise<string> {
  const e = event('SessionEnded', who, sessionId, { sessionId, reason }, at.toISOString());
  await log.append([e]);
  return e.eventId;
}

export interface MemoryRow {
  id: string;
  key: string | null;
  content: string;
  tier: string;
  type: string;
  source: string;
  superseded_by: string | null;
  source_message_ids: string[];
  episode_id: string | null;
  metadata: Record<string, unknown>;
  kind: string;
}

export async function memoriesOf(db: SqlDatabase, who: Who): Promise<MemoryRow[]> {
  const r = await db.query<MemoryRow>(
    `SELECT id, key, content, tier, type, source, superseded_by, source_message_ids, episode_id, metadata, kind FROM memories
     WHERE tenant_id = $1 AND user_id = $2 ORDER BY created_at, id`,
    [who.tenantId, who.userId],
  );
  return r.rows;
}

export async function activeByKey(db: SqlDatabase, who: Who, key: string): Promise<MemoryRow[]> {
  return (await memoriesOf(db, who)).filter((m) => m.key === key && m.tier === 'SEMANTIC');
}
