import {
  currentSchemaVersion,
  deterministicId,
  type EngramEvent,
  type EventOfType,
  type EventType,
  type PayloadOf,
  type QueryHit,
} from '@engram/core';

export const BENCH_TENANT = 'bench';

/** One user's history: appended batch by batch (each batch is one append to the user's stream). */
export interface BenchCorpus {
  userId: string;
  batches: EngramEvent[][];
  /** "Now" for this user's questions (forgetting curve). */
  now: Date;
}

export interface BenchQuery {
  userId: string;
  query: string;
  category: string;
  /** Scores one ranked hit list: metric name → value. */
  score(hits: QueryHit[], ks: number[]): Record<string, number>;
}

export interface BenchDataset {
  name: string;
  corpora: BenchCorpus[];
  queries: BenchQuery[];
  /** Metric names in print order. */
  metrics(ks: number[]): string[];
}

/** An event as the API would append it, with an id derived from the dataset position. */
export function benchEvent<T extends EventType>(
  type: T,
  payload: PayloadOf<T>,
  env: { userId: string; sessionId: string | null; occurredAt: string; idParts: Array<string | number> },
): EventOfType<T> {
  return {
    eventId: deterministicId('bench', type, ...env.idParts),
    type,
    schemaVersion: currentSchemaVersion(type),
    tenantId: BENCH_TENANT,
    userId: env.userId,
    agentId: null,
    sessionId: env.sessionId,
    occurredAt: env.occurredAt,
    recordedAt: env.occurredAt,
    causationId: null,
    correlationId: null,
    keyId: null,
    payload,
  } as EventOfType<T>;
}
