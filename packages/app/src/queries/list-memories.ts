import { createHash } from 'node:crypto';
import { memoryFromRow } from '@engram/projections';
import { admit } from '../access/operations';
import type { AppContext } from '../context';
import { waitForPosition } from '../position-wait';
import { toMemoryView } from '../read/rows';
import { invalid, normalTime, positionOf } from '../rules';
import type { ListMemoriesInput, MemoryPage } from '../types';

export const DEFAULT_LIST_LIMIT = 50;
export const MAX_LIST_LIMIT = 500;

/**
 * What a cursor holds: the sort key of the last entry of its page. Both parts never change for an
 * entry (created_at is its event's time, id its own), so pages neither repeat nor skip an entry
 * while writes, supersessions or accesses go on; `f` ties it to the filters it was issued for.
 */
interface CursorState {
  v: 1;
  o: 'desc' | 'asc';
  /** created_at in microseconds since the epoch (exact, as the column holds it). */
  at: string;
  id: string;
  f: string;
}

function filterDigest(input: ListMemoriesInput, scopeKey: string): string {
  const canonical = JSON.stringify([
    scopeKey,
    [...(input.tiers ?? [])].sort(),
    [...(input.types ?? [])].sort(),
    [...(input.tags ?? [])].sort(),
    input.keyPrefix ?? null,
    input.updatedSince ? normalTime(input.updatedSince) : null,
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

function encodeCursor(c: CursorState): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

function decodeCursor(raw: string, order: 'desc' | 'asc', digest: string): CursorState {
  let c: Partial<CursorState>;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<CursorState>;
  } catch {
    throw invalid('cursor', 'is not a cursor this API issued');
  }
  if (
    c?.v !== 1 ||
    typeof c.at !== 'string' ||
    !/^-?\d{1,17}$/.test(c.at) ||
    typeof c.id !== 'string' ||
    !/^[0-9a-f-]{36}$/.test(c.id)
  ) {
    throw invalid('cursor', 'is not a cursor this API issued');
  }
  if (c.o !== order || c.f !== digest)
    throw invalid('cursor', 'was issued for other filters or another order: pass the same filters as the first page');
  return c as CursorState;
}

/**
 * A user's memories page by page, newest first (order asc: oldest first), filtered by tier, type,
 * tags (all of them), key prefix and last update. Keyset pagination on (created_at, id).
 */
export async function listMemories(ctx: AppContext, input: ListMemoriesInput): Promise<MemoryPage> {
  const { scope } = admit(ctx, input, 'listMemories');
  const limit = input.limit ?? DEFAULT_LIST_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT)
    throw invalid('limit', `must be an integer from 1 to ${MAX_LIST_LIMIT}`);
  const order = input.order ?? 'desc';
  const digest = filterDigest(input, `${scope.tenantId}\u0000${scope.userId}\u0000${scope.agentId ?? ''}`);
  const after = input.cursor ? decodeCursor(input.cursor, order, digest) : null;
  await waitForPosition(ctx, positionOf(input.minPosition));
  const cmp = order === 'desc' ? '<' : '>';
  const dir = order === 'desc' ? 'DESC' : 'ASC';
  const r = await ctx.db.query<Record<string, unknown>>(
    `SELECT *, (extract(epoch FROM created_at) * 1000000)::bigint::text AS cursor_us FROM memories
      WHERE tenant_id = $1 AND user_id = $2 AND ($3::text IS NULL OR agent_id = $3)
        AND ($4::text[] IS NULL OR tier = ANY($4::text[]))
        AND ($5::text[] IS NULL OR type = ANY($5::text[]))
        AND ($6::text[] IS NULL OR tags @> $6::text[])
        AND ($7::text IS NULL OR starts_with(key, $7))
        AND ($8::timestamptz IS NULL OR updated_at >= $8::timestamptz)
        AND ($9::bigint IS NULL OR (created_at, id) ${cmp} ('epoch'::timestamptz + $9::bigint * interval '1 microsecond', $10::uuid))
      ORDER BY created_at ${dir}, id ${dir}
      LIMIT $11`,
    [
      scope.tenantId,
      scope.userId,
      scope.agentId,
      input.tiers?.length ? input.tiers : null,
      input.types?.length ? input.types : null,
      input.tags?.length ? [...new Set(input.tags)] : null,
      input.keyPrefix ?? null,
      normalTime(input.updatedSince),
      after?.at ?? null,
      after?.id ?? null,
      limit + 1,
    ],
  );
  const rows = r.rows.slice(0, limit);
  const last = rows[rows.length - 1];
  const nextCursor =
    r.rows.length > limit && last
      ? encodeCursor({ v: 1, o: order, at: String(last.cursor_us), id: String(last.id), f: digest })
      : null;
  const now = ctx.clock.now();
  return { memories: rows.map((row) => toMemoryView(memoryFromRow(row), now, ctx.config.decay)), nextCursor };
}
