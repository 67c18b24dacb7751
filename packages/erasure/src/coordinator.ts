import {
  currentSchemaVersion,
  deterministicId,
  EngramError,
  episodeItem,
  contradictionItem,
  isSlotItem,
  memoryItem,
  pollUntil,
  silentLogger,
  skillItem,
  type Clock,
  type DeadLetters,
  type EngramEvent,
  type ErasureCompleted,
  type KeySubject,
  type LogPosition,
  type Logger,
  type MemoryForgotten,
  type ProjectionProgress,
  type SealedEventLog,
  type SqlDatabase,
  type StoredEvent,
  type SubjectScanEntry,
  type Subscription,
} from '@engram/core';
import { purgeErasedFromArchive } from '@engram/archive';
import { getErasure, PROJECTION_TABLES, purgeEventStatus } from '@engram/projections';
import { followLineage } from './lineage';

export interface ErasureCoordinatorDeps {
  /** The sealed log of record: its key store is where keys are destroyed. */
  log: SealedEventLog;
  db: SqlDatabase;
  /** Every read model the erasure must have reached (and the search index when it runs in this process). */
  progress: ProjectionProgress;
  /** The in-process search index, for the counts of documents removed (absent: not reported). */
  searchIndex?: { removedBy(eventId: string): number | undefined };
  /** Where every projection parks the events it could not apply: a user's go with the user. */
  deadLetters?: DeadLetters;
  /** The data directory whose cold-archive batches are purged (null when this process has none). */
  dataDir: string | null;
  clock: Clock;
  logger?: Logger;
  /** How long one erasure waits for the read models to apply a forget before it is redelivered (default 120 s). */
  catchUpTimeoutMs?: number;
}

export interface ErasureCoordinator {
  close(): Promise<void>;
}

const CONSUMER = 'erasure';
const USER_ONLY_TABLES = new Set(['messages', 'sessions']);
const ERASER = 'engram-erasure';

type Request = StoredEvent<MemoryForgotten>;

const isRequest = (s: StoredEvent): s is Request =>
  s.event.type === 'MemoryForgotten' && s.event.payload.erasureId !== null && s.event.payload.target !== 'derived';

/**
 * P4 + B2: carries out each erasure request (MemoryForgotten of a memory, a key or a user) once the
 * read models applied it: appends the lineage cascade (derived facts, episodes, skills), destroys the
 * data keys that sealed the erased content (the log's bytes and every copy become unreadable), purges
 * the cold-archive batches, rewrites the read-model tables and retires their WAL, then appends
 * ErasureCompleted with counts per place. Every step is idempotent: a redelivered request finishes
 * what an interrupted run started, a completed one is skipped.
 */
export async function startErasureCoordinator(deps: ErasureCoordinatorDeps): Promise<ErasureCoordinator> {
  const logger = deps.logger ?? silentLogger;
  const stopping = new AbortController();
  const catchUpTimeoutMs = deps.catchUpTimeoutMs ?? 120_000;

  const caughtUp = async (pos: LogPosition) => {
    const ok = await pollUntil(() => deps.progress.reached(pos), {
      backoff: { initialMs: 20, maxMs: 500 },
      timeoutMs: catchUpTimeoutMs,
      signal: stopping.signal,
    });
    if (!ok)
      throw new EngramError(
        'PROJECTION_LAGGING',
        'the read models have not applied the erasure yet; it will be retried',
        { retriable: true },
      );
  };

  const handle = async (req: Request) => {
    const e = req.event;
    const erasureId = e.payload.erasureId!;
    await caughtUp(req.position);
    const row = await getErasure(deps.db, e.tenantId, erasureId);
    if (row && row.status !== 'pending') return;
    let removed: Record<string, number>;
    let failure: string | null = null;
    try {
      removed = await erase(req);
    } catch (err) {
      if (err instanceof EngramError && err.retriable) throw err;
      // The report holds the code only: messages can quote what was being erased.
      failure = err instanceof EngramError ? err.code : 'INTERNAL';
      removed = {};
      logger.error({ erasureId, code: failure }, 'erasure failed');
    }
    const done: ErasureCompleted = {
      ...envelopeOf(e, deterministicId('erasure-completed', erasureId), deps.clock),
      type: 'ErasureCompleted',
      schemaVersion: currentSchemaVersion('ErasureCompleted'),
      payload: {
        erasureId,
        requestEventId: e.eventId,
        target: e.payload.target as ErasureCompleted['payload']['target'],
        memoryId: e.payload.memoryId,
        status: failure ? 'failed' : 'completed',
        requestedAt: e.occurredAt,
        removed,
        error: failure,
      },
    };
    await deps.log.append([done]);
    logger.info({ erasureId, target: e.payload.target, status: done.payload.status, removed }, 'erasure done');
  };

  const erase = async (req: Request): Promise<Record<string, number>> => {
    const e = req.event;
    const p = e.payload;
    const erasureId = p.erasureId!;
    const subject: KeySubject = { tenantId: e.tenantId, userId: e.userId };
    const scan: SubjectScanEntry[] = [];
    for await (const x of deps.log.scanSubject(subject)) scan.push(x);
    const before = (x: SubjectScanEntry) =>
      x.position.partition === req.position.partition && x.position.offset <= req.position.offset;
    const places = [
      'log',
      'logPlaintext',
      'keys',
      'memories',
      'facts',
      'messages',
      'episodes',
      'skills',
      'contradictions',
      'archive',
      'deadLetters',
      'writeStatus',
      'tablesRewritten',
      ...(deps.searchIndex ? ['textIndex', 'vectors'] : []),
    ];
    const removed: Record<string, number> = Object.fromEntries(places.map((x) => [x, 0]));
    const count = (place: string, n: number) => {
      removed[place] = (removed[place] ?? 0) + n;
    };
    const earlier = scan.filter(before);
    let destroy: Set<string>;
    let touched: (x: SubjectScanEntry) => boolean;
    const indexEvents = [e.eventId];

    if (p.target === 'user') {
      destroy = new Set(earlier.flatMap((x) => x.kids));
      touched = before;
      const memoryIds = new Set<string>();
      for (const x of earlier) {
        const ev = x.event;
        if (ev.type === 'MessageObserved') count('messages', 1);
        else if (ev.type === 'EpisodeCreated') count('episodes', 1);
        else if (ev.type === 'SkillRecorded') count('skills', 1);
        else if (ev.type === 'ContradictionDetected') count('contradictions', 1);
        else if (ev.type === 'MemoryWritten' || ev.type === 'FactExtracted') memoryIds.add(ev.payload.memoryId);
      }
      count('memories', memoryIds.size);
      if (deps.deadLetters) count('deadLetters', await deps.deadLetters.purgeUser(subject.tenantId, subject.userId));
      count('writeStatus', await purgeEventStatus(deps.db, subject.tenantId, subject.userId));
    } else {
      const keyInfo = await deps.log.keys.keysOf(subject);
      const slotKids = new Set(keyInfo.filter((k) => isSlotItem(k.item)).map((k) => k.kid));
      const erased = new Set<string>();
      // A key erasure takes the key's slot: every entry whose write named the key before the request goes.
      const slots = new Set(
        p.target === 'key'
          ? (scan.find((x) => x.eventId === e.eventId)?.kids ?? []).filter((k) => slotKids.has(k))
          : [],
      );
      if (p.target === 'memory' && p.memoryId) erased.add(p.memoryId);
      for (const x of earlier)
        if (x.kids.some((k) => slots.has(k))) for (const id of memoryIdsOf(x.event)) erased.add(id);
      // The semantic projection recorded which entries it removed (also keys sealed before slots had keys).
      const h = await deps.db.query<{ memory_id: string }>(
        "SELECT memory_id::text AS memory_id FROM memory_history WHERE event_id = $1 AND action = 'forgotten'",
        [e.eventId],
      );
      for (const r of h.rows) erased.add(r.memory_id);
      const lineage = followLineage(
        scan.map((x) => x.event),
        erased,
      );
      count('memories', p.target === 'key' ? h.rows.length : erased.size);
      count('facts', lineage.memoryIds.length);
      count('episodes', lineage.episodeIds.length);
      count('skills', lineage.skillIds.length);
      count('contradictions', lineage.contradictionIds.length);
      // A replay reads the key of a shredded slot as null: the cascade names every entry by id instead.
      const cascadeMemories = [...new Set([...(p.target === 'key' ? erased : []), ...lineage.memoryIds])];
      if (cascadeMemories.length + lineage.episodeIds.length + lineage.skillIds.length > 0) {
        const cascadeId = deterministicId('erasure-derived', erasureId);
        indexEvents.push(cascadeId);
        let at = scan.find((x) => x.eventId === cascadeId)?.position;
        if (!at) {
          const cascade: MemoryForgotten = {
            ...envelopeOf(e, cascadeId, deps.clock),
            type: 'MemoryForgotten',
            schemaVersion: currentSchemaVersion('MemoryForgotten'),
            payload: {
              target: 'derived',
              memoryId: null,
              key: null,
              reason: null,
              requestedBy: ERASER,
              erasureId,
              derived: { memoryIds: cascadeMemories, episodeIds: lineage.episodeIds, skillIds: lineage.skillIds },
            },
          };
          const res = await deps.log.append([cascade]);
          at = res.positions[0]!;
        }
        await caughtUp(at);
      }
      const ids = new Set([
        ...erased,
        ...lineage.memoryIds,
        ...lineage.episodeIds,
        ...lineage.skillIds,
        ...lineage.contradictionIds,
      ]);
      const items = new Set([
        ...[...erased, ...lineage.memoryIds].map(memoryItem),
        ...lineage.episodeIds.map(episodeItem),
        ...lineage.skillIds.map(skillItem),
        ...lineage.contradictionIds.map(contradictionItem),
      ]);
      destroy = new Set(keyInfo.filter((k) => k.item !== null && items.has(k.item)).map((k) => k.kid));
      for (const k of slots) destroy.add(k);
      // The key of an erased memory goes with it unless an entry that stays named the same key before.
      const slotUsers = new Map<string, boolean>();
      for (const x of earlier) {
        const owned = ownersOf(x.event).some((id) => ids.has(id));
        for (const k of x.kids) if (slotKids.has(k)) slotUsers.set(k, (slotUsers.get(k) ?? true) && owned);
      }
      for (const [k, allErased] of slotUsers) if (allErased) destroy.add(k);
      touched = (x) =>
        before(x) && (x.kids.some((k) => destroy.has(k)) || (x.plain && idsOf(x.event).some((id) => ids.has(id))));
    }
    // Written after the request: sealed with a new key, or with a destroyed one whose older events go (kept readable).
    const keep = scan
      .filter((x) => !before(x))
      .flatMap((x) => x.kids.filter((k) => destroy.has(k)).map((kid) => ({ kid, eventId: x.eventId })));

    const shred = await deps.log.keys.shred({ subject, erasureId, destroy: [...destroy], keep });
    count('keys', shred.destroyed);
    count('log', earlier.filter((x) => x.kids.some((k) => destroy.has(k))).length);
    count('logPlaintext', scan.filter((x) => x.plain && touched(x)).length);
    if (deps.searchIndex) {
      const docs = indexEvents.reduce((n, id) => n + (deps.searchIndex!.removedBy(id) ?? 0), 0);
      count('textIndex', docs);
      count('vectors', docs);
    }
    if (deps.dataDir !== null) count('archive', await purgeErasedFromArchive({ db: deps.db, dataDir: deps.dataDir }));
    // Messages and sessions hold no memory's content, and only a user's erasure purges dead letters and write status.
    const tables =
      p.target === 'user'
        ? [...Object.values(PROJECTION_TABLES).flat(), 'dead_letters', 'event_status', ...deps.log.keys.sqlTables]
        : [
            ...Object.values(PROJECTION_TABLES)
              .flat()
              .filter((t) => !USER_ONLY_TABLES.has(t)),
            ...deps.log.keys.sqlTables,
          ];
    const { walRetired } = await deps.db.reclaim(tables);
    count('tablesRewritten', tables.length);
    if (!walRetired)
      logger.warn(
        { erasureId },
        'the read store refused the WAL switch/checkpoint (needs pg_checkpoint): deleted rows stay in WAL until the server recycles it',
      );
    return removed;
  };

  let subscription: Subscription | null = null;
  // Requests are read from clear fields: opening every event of the log to find them cost more than the erasures.
  subscription = await deps.log.subscribeUnopened(
    async (batch) => {
      for (const s of batch) if (isRequest(s)) await handle(s);
    },
    { name: CONSUMER, batchSize: 256 },
  );
  logger.info({}, 'erasure coordinator started');

  return {
    async close() {
      stopping.abort();
      await subscription?.close();
    },
  };
}

function envelopeOf(cause: EngramEvent, eventId: string, clock: Clock) {
  const now = clock.now().toISOString();
  return {
    eventId,
    tenantId: cause.tenantId,
    userId: cause.userId,
    agentId: null,
    sessionId: null,
    occurredAt: now,
    recordedAt: now,
    causationId: cause.eventId,
    correlationId: cause.correlationId,
    keyId: null,
  };
}

/** The memories an event writes (a held write names its memory too). */
function memoryIdsOf(e: EngramEvent): string[] {
  if (e.type === 'MemoryWritten' || e.type === 'FactExtracted') return [e.payload.memoryId];
  if (e.type === 'ContentQuarantined') {
    const held = e.payload.heldPayload as Record<string, unknown> | null;
    return held && typeof held === 'object' && typeof held.memoryId === 'string' ? [held.memoryId] : [];
  }
  return [];
}

/** The erasable items whose content an event holds (a forget request holds none: it names a key on its own). */
function ownersOf(e: EngramEvent): string[] {
  if (e.type === 'ContradictionDetected') return [e.payload.contradictionId];
  return memoryIdsOf(e);
}

/** The item ids an event's clear fields name (for plaintext events that cannot be shredded). */
function idsOf(e: EngramEvent): string[] {
  switch (e.type) {
    case 'MemoryWritten':
    case 'FactExtracted':
      return [e.payload.memoryId];
    case 'EpisodeCreated':
      return [e.payload.episodeId];
    case 'SkillRecorded':
      return [e.payload.skillId];
    case 'ContradictionDetected':
      return [e.payload.contradictionId, e.payload.entryAId, e.payload.entryBId];
    default:
      return [];
  }
}
