import { ContentScreen } from '@engram/core';
import { sqlWritePrecheck } from '@engram/projections';
import { AccessRecorder } from './access-recorder';
import { consolidate, endSession, erasureReport, forget, pin, restore } from './commands/lifecycle';
import { observeMessage } from './commands/observe-message';
import { listQuarantine, resolveQuarantine } from './commands/quarantine';
import { resolveContradiction } from './commands/resolve-contradiction';
import { writeMemories, writeMemory } from './commands/write-memory';
import { exportUser } from './queries/export-user';
import { listUsers } from './queries/list-users';
import { listEntities } from './queries/entities';
import { listWrites } from './queries/list-writes';
import { stats } from './queries/stats';
import { patchMemory } from './commands/patch-memory';
import { listMemories } from './queries/list-memories';
import { QueryGate } from './access/query-gate';
import { QUERY_TEXT_BOUND_CHARS } from '@engram/contract';
import { UserQuota } from './access/user-quota';
import type { AppContext } from './context';
import { context, query } from './queries/query';
import { getMemory, keyHistory, listContradictions, memoryHistory, workingMemory } from './queries/reads';
import { createContextRenderer } from './read/context-renderer';
import { eventStatus } from './queries/event-status';
import { locateMemory } from './queries/locate-memory';
import { listDeadLetters, retryDeadLetters } from './queries/dead-letters';
import { listSessions, sessionTimeline } from './queries/sessions';
import { decayCurve } from './queries/decay-curve';
import { listErasures } from './queries/erasures';
import { streamEvents } from './queries/stream-events';
import { TailHub } from './events/tail-hub';
import type { MemoryApp, MemoryAppDeps } from './types';

/** The command and query handlers shared by the HTTP and gRPC APIs (no transport code here). */
export function createMemoryApp(deps: MemoryAppDeps): MemoryApp {
  const ctx: AppContext = {
    ...deps,
    contextRenderer:
      deps.contextRenderer ??
      (deps.retriever ? createContextRenderer({ db: deps.db, retriever: deps.retriever }) : undefined),
    accesses: new AccessRecorder(deps.log, deps.clock, deps.logger, deps.config.accessFlushMs),
    screen: deps.screen ?? new ContentScreen({ logger: deps.logger }),
    precheck: deps.writePrecheck ?? sqlWritePrecheck(deps.db),
    queryGate: deps.limits?.maxConcurrentQueries ? new QueryGate(deps.limits.maxConcurrentQueries) : null,
    quota: deps.limits?.userQuota ? new UserQuota(deps.limits.userQuota, deps.db) : null,
    queryTextChars: deps.limits?.queryTextChars ?? QUERY_TEXT_BOUND_CHARS,
    tail: new TailHub(deps.log, deps.logger),
  };
  return {
    observeMessage: (i) => observeMessage(ctx, i),
    writeMemory: (i) => writeMemory(ctx, i),
    endSession: (i) => endSession(ctx, i),
    pin: (i) => pin(ctx, i, true),
    unpin: (i) => pin(ctx, i, false),
    restore: (i) => restore(ctx, i),
    forget: (i) => forget(ctx, i),
    getErasure: (i) => erasureReport(ctx, i),
    resolveContradiction: (i) => resolveContradiction(ctx, i),
    consolidate: (i) => consolidate(ctx, i),
    query: (i) => query(ctx, i),
    getMemory: (i) => getMemory(ctx, i),
    locateMemory: (i) => locateMemory(ctx, i),
    memoryHistory: (i) => memoryHistory(ctx, i),
    keyHistory: (i) => keyHistory(ctx, i),
    workingMemory: (i) => workingMemory(ctx, i),
    context: (i) => context(ctx, i),
    listContradictions: (i) => listContradictions(ctx, i),
    listSessions: (i) => listSessions(ctx, i),
    sessionTimeline: (i) => sessionTimeline(ctx, i),
    decayCurve: (i) => decayCurve(ctx, i),
    listErasures: (i) => listErasures(ctx, i),
    listMemories: (i) => listMemories(ctx, i),
    patchMemory: (i) => patchMemory(ctx, i),
    writeMemories: (i) => writeMemories(ctx, i),
    exportUser: (i) => exportUser(ctx, i),
    stats: (i) => stats(ctx, i),
    listUsers: (i) => listUsers(ctx, i),
    listEntities: (i) => listEntities(ctx, i),
    listWrites: (i) => listWrites(ctx, i),
    listQuarantine: (i) => listQuarantine(ctx, i),
    releaseQuarantined: (i) => resolveQuarantine(ctx, i, 'released'),
    discardQuarantined: (i) => resolveQuarantine(ctx, i, 'discarded'),
    eventStatus: (i) => eventStatus(ctx, i),
    streamEvents: (i) => streamEvents(ctx, i),
    listDeadLetters: (f) => listDeadLetters(ctx, f),
    retryDeadLetters: (f) => retryDeadLetters(ctx, f),
    flushAccesses: () => ctx.accesses.flush(),
    close: async () => {
      await ctx.tail.close();
      await ctx.accesses.close();
    },
  };
}
