import type { LogPosition } from '../events/types';
import { deterministicId } from '../util/ids';

/** A dead letter's id: one per projection and position (recording the same failure again updates it). */
export function deadLetterId(projection: string, position: LogPosition): string {
  return deterministicId('dead-letter', projection, position.partition, position.offset);
}

/**
 * L8: an event one projection (a read-model projector, the search index, the consolidator) could not
 * apply after bounded retries. The projection moved past it; the event stays in the log and the dead
 * letter says where and why, until it is retried after a fix.
 */
export interface DeadLetter {
  /** Derived from projection + position: the same failure recorded twice is one dead letter. */
  id: string;
  projection: string;
  position: LogPosition;
  /** Null when the event could not even be decoded. */
  eventId: string | null;
  eventType: string | null;
  tenantId: string | null;
  userId: string | null;
  /** Stable code of the failure (the EngramError code, or INTERNAL). */
  code: string;
  error: string;
  attempts: number;
  /** dead: parked; retry_requested: the owning projection applies it again at its next look. */
  status: 'dead' | 'retry_requested';
  firstFailedAt: string;
  lastFailedAt: string;
  retryRequestedAt: string | null;
}

export type NewDeadLetter = Pick<
  DeadLetter,
  'projection' | 'position' | 'eventId' | 'eventType' | 'tenantId' | 'userId' | 'code' | 'error' | 'attempts'
>;

export interface DeadLetterFilter {
  projection?: string;
  eventId?: string;
  tenantId?: string;
  userId?: string;
  status?: DeadLetter['status'];
  /** Page size (default 100, at most 1000); pages continue after `after` (a dead letter id). */
  limit?: number;
  after?: string;
}

/** Which dead letters to mark for retry (all of them when empty). */
export type DeadLetterRetryFilter = Omit<DeadLetterFilter, 'limit' | 'after' | 'status'> & { id?: string };

/** Where dead letters are kept (the read store's dead_letters table); shared by every projection and the admin API. */
export interface DeadLetters {
  record(dl: NewDeadLetter): Promise<DeadLetter>;
  list(filter?: DeadLetterFilter): Promise<DeadLetter[]>;
  /** Dead letters per projection (for /readyz and metrics), of one tenant (or user) when given. */
  counts(of?: Pick<DeadLetterFilter, 'tenantId' | 'userId'>): Promise<Record<string, number>>;
  /** Marks matching dead letters for retry; returns how many. */
  requestRetry(filter: DeadLetterRetryFilter): Promise<number>;
  /** The dead letters of one projection marked for retry, oldest first. */
  retryRequested(projection: string, limit: number): Promise<DeadLetter[]>;
  /** The retried event was applied: the dead letter goes. */
  resolve(id: string): Promise<void>;
  /** The retry failed again: parked with the new error. */
  failedAgain(id: string, code: string, error: string): Promise<void>;
  /** Erasure (P4): every dead letter of a user. Returns how many went. */
  purgeUser(tenantId: string, userId: string): Promise<number>;
}
