import { listErasures as readErasures } from '@engram/projections';
import { admitTenant } from '../access/operations';
import type { AppContext } from '../context';
import { invalid } from '../rules';
import type { ErasurePage, ListErasuresInput } from '../types';

export const DEFAULT_ERASURES_LIMIT = 50;
export const MAX_ERASURES_LIMIT = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decode(raw: string): { atUs: string; id: string } {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { v?: unknown; at?: unknown; id?: unknown };
    if (c.v === 1 && typeof c.at === 'string' && /^\d{1,20}$/.test(c.at) && typeof c.id === 'string' && UUID.test(c.id))
      return { atUs: c.at, id: c.id };
  } catch {
    // fall through
  }
  throw invalid('cursor', 'is not a cursor this API issued');
}

/** B2 audit trail: the tenant's erasure reports, newest first (a user-bound key sees its user's only). */
export async function listErasures(ctx: AppContext, input: ListErasuresInput): Promise<ErasurePage> {
  const { tenantId, principal } = admitTenant(ctx, input, 'listErasures');
  const limit = input.limit ?? DEFAULT_ERASURES_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ERASURES_LIMIT)
    throw invalid('limit', `must be an integer from 1 to ${MAX_ERASURES_LIMIT}`);
  const asked = input.userId ?? null;
  if (principal.userId !== null && asked !== null && asked !== principal.userId)
    return { erasures: [], nextCursor: null };
  const rows = await readErasures(ctx.db, tenantId, {
    userId: principal.userId ?? asked,
    after: input.cursor ? decode(input.cursor) : null,
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    erasures: page.map(({ cursorUs: _c, ...report }) => report),
    nextCursor:
      rows.length > limit && last
        ? Buffer.from(JSON.stringify({ v: 1, at: last.cursorUs, id: last.erasureId }), 'utf8').toString('base64url')
        : null,
  };
}
