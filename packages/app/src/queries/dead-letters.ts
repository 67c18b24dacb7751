import type { DeadLetter, DeadLetterFilter } from '@engram/core';
import { sqlDeadLetters } from '@engram/projections';
import type { AppContext } from '../context';

/** L8 admin: the dead letters (paged by id), and marking them for retry by their projections. */
export async function listDeadLetters(ctx: AppContext, filter: DeadLetterFilter): Promise<{ deadLetters: DeadLetter[]; counts: Record<string, number> }> {
  const store = sqlDeadLetters(ctx.db);
  return { deadLetters: await store.list(filter), counts: await store.counts() };
}

export async function retryDeadLetters(ctx: AppContext, filter: { id?: string; projection?: string; tenantId?: string; userId?: string }): Promise<{ requested: number }> {
  const requested = await sqlDeadLetters(ctx.db).requestRetry(filter);
  ctx.logger.info({ ...filter, requested }, 'dead letters marked for retry');
  return { requested };
}
