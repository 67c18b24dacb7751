import { PROJECTION_NAMES, lagSummary, projectionLag, readModelCounts } from '@engram/projections';
import { admitTenant } from '../access/operations';
import type { AppContext } from '../context';
import type { StatsInput, StatsView } from '../types';

/** `engram stats` while the service runs: the tenant's (or one user's) read-model counts, the log and the projections' lag. */
export async function stats(ctx: AppContext, input: StatsInput): Promise<StatsView> {
  const { tenantId } = admitTenant(ctx, input, 'stats');
  const userId = input.userId ?? null;
  const [head, counts, lags] = await Promise.all([
    ctx.log.head(),
    readModelCounts(ctx.db, { tenantId, userId }),
    projectionLag(ctx.db, ctx.log, PROJECTION_NAMES),
  ]);
  return {
    tenantId,
    userId,
    log: {
      // Offsets are dense from 0 in every partition, so the head is the number of events (of every tenant).
      events: [...head.values()].reduce((s, n) => s + n, 0),
      head: Object.fromEntries([...head].map(([p, n]) => [String(p), n])),
    },
    ...counts,
    projections: lagSummary(lags),
  };
}
