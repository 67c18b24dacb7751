import type { LogPosition } from '@engram/core';

/** One unit of consolidation work, persisted in the task journal until it is done. */
export interface ConsolidationTask {
  /** `session:<SessionEnded eventId>` or `memory:<MemoryWritten eventId>`. */
  id: string;
  kind: 'session' | 'memory';
  /** Tasks with the same dedup key are not queued twice while one is pending (K3 per-session dedup). */
  dedupKey: string;
  causeEventId: string;
  correlationId: string | null;
  position: LogPosition;
  tenantId: string;
  userId: string;
  agentId: string | null;
  sessionId: string | null;
  /** For memory tasks: the memory to distill. */
  memoryId: string | null;
  /** ISO time the cause happened (SessionEnded / MemoryWritten occurredAt). */
  causeAt: string;
  enqueuedAt: string;
  attempts: number;
  /** Not to be retried before this ISO time (backoff). */
  notBefore: string | null;
  lastError: string | null;
}
