import { EngramError } from '@engram/core';
import type { QueryHit } from '@engram/core';
import { admit } from '../access/operations';
import { boundQueryText } from '../access/query-bounds';
import type { AppContext } from '../context';
import { waitForPosition } from '../position-wait';
import type { ContextInput, QueryInput } from '../types';
import { entityFilter, invalid, normalTime, positionOf, uniqueTags } from '../rules';

function queryText(value: string): string {
  if (value.trim().length === 0) throw invalid('query', 'must not be empty');
  return value;
}

export async function query(ctx: AppContext, input: QueryInput): Promise<QueryHit[]> {
  const { scope, keyId } = admit(ctx, input, 'query');
  const { tiers, types, sessionId, scopeTag, sessionDiversity, explain } = input;
  const text = boundQueryText(queryText(input.query), ctx.queryTextChars);
  const k = input.k ?? 10;
  const tags = input.tags === undefined ? undefined : uniqueTags(input.tags);
  const from = normalTime(input.from) ?? undefined;
  const to = normalTime(input.to) ?? undefined;
  if (from && to && from > to) throw invalid('from', 'must not be after to');
  const entities = entityFilter(input.entities);
  const asOf = normalTime(input.asOf) ?? undefined;
  const retriever = ctx.retriever;
  if (!retriever)
    throw new EngramError('UNSUPPORTED', 'this service answers no queries: send them to the query service');
  await waitForPosition(ctx, positionOf(input.minPosition));

  const search = () =>
    retriever.search({
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
  const hits = ctx.queryGate ? await ctx.queryGate.run(keyId, search) : await search();
  // Defence in depth for P3: whatever the retriever returns, only k hits leave, and accesses are
  // recorded off the request path (unless the caller asked this query not to reinforce them).
  const out = hits.slice(0, k);
  if (input.reinforce !== false)
    ctx.accesses.record(
      scope,
      out.filter((h) => h.kind === 'memory').map((h) => h.id),
      text,
    );
  return out;
}

export async function context(
  ctx: AppContext,
  input: ContextInput,
): Promise<{ context: string; sections: Record<string, number> }> {
  const { scope, keyId } = admit(ctx, input, 'context');
  const { sessionId, budgetChars } = input;
  const text = boundQueryText(queryText(input.query), ctx.queryTextChars);
  const entities = entityFilter(input.entities);
  if (!ctx.contextRenderer)
    throw new EngramError('UNSUPPORTED', 'this service renders no context: ask the query service');
  const asOf = normalTime(input.asOf) ?? undefined;
  await waitForPosition(ctx, positionOf(input.minPosition));
  const renderer = ctx.contextRenderer;
  const render = () =>
    renderer.render({
      scope,
      query: text,
      sessionId,
      budgetChars,
      ...(entities ? { entities } : {}),
      ...(asOf ? { asOf } : {}),
    });
  const r = ctx.queryGate ? await ctx.queryGate.run(keyId, render) : await render();
  return { context: r.text, sections: r.sections };
}
