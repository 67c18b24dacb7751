import { EngramError } from '@engram/core';
import type { QueryHit } from '@engram/core';
import type { AppContext } from '../context';
import { waitForPosition } from '../position-wait';
import type { ContextInput, QueryInput } from '../types';
import { entityFilter, invalid, normalTime, positionOf, uniqueTags } from '../rules';

function queryText(value: string): string {
  if (value.trim().length === 0) throw invalid('query', 'must not be empty');
  return value;
}

export async function query(ctx: AppContext, input: QueryInput): Promise<QueryHit[]> {
  const { scope, tiers, types, sessionId, scopeTag, sessionDiversity, explain } = input;
  const text = queryText(input.query);
  const k = input.k ?? 10;
  const tags = input.tags === undefined ? undefined : uniqueTags(input.tags);
  const from = normalTime(input.from) ?? undefined;
  const to = normalTime(input.to) ?? undefined;
  if (from && to && from > to) throw invalid('from', 'must not be after to');
  const entities = entityFilter(input.entities);
  const asOf = normalTime(input.asOf) ?? undefined;
  if (!ctx.retriever) throw new EngramError('UNSUPPORTED', 'this service answers no queries: send them to the query service');
  await waitForPosition(ctx, positionOf(input.minPosition));

  const hits = await ctx.retriever.search({
    scope,
    query: text,
    k,
    tiers,
    types,
    tags,
    from,
    to,
    sessionId,
    ...(scopeTag ? { scopeTag } : {}),
    ...(entities ? { entities } : {}),
    ...(sessionDiversity !== undefined ? { sessionDiversity } : {}),
    ...(asOf ? { asOf } : {}),
    ...(explain ? { explain } : {}),
  });
  // Defence in depth for P3: whatever the retriever returns, only k hits leave, and accesses are
  // recorded off the request path (unless the caller asked this query not to reinforce them).
  const out = hits.slice(0, k);
  if (input.reinforce !== false) ctx.accesses.record(scope, out.filter((h) => h.kind === 'memory').map((h) => h.id), text);
  return out;
}

export async function context(ctx: AppContext, input: ContextInput): Promise<{ context: string; sections: Record<string, number> }> {
  const { scope, sessionId, budgetChars } = input;
  const text = queryText(input.query);
  const entities = entityFilter(input.entities);
  if (!ctx.contextRenderer) throw new EngramError('UNSUPPORTED', 'this service renders no context: ask the query service');
  const asOf = normalTime(input.asOf) ?? undefined;
  await waitForPosition(ctx, positionOf(input.minPosition));
  const r = await ctx.contextRenderer.render({ scope, query: text, sessionId, budgetChars, ...(entities ? { entities } : {}), ...(asOf ? { asOf } : {}) });
  return { context: r.text, sections: r.sections };
}
