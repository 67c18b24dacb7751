import { EngramError, MEMORY_TYPES, TIERS } from '@engram/core';
import type { QueryHit } from '@engram/core';
import type { AppContext } from '../context';
import { waitForPosition } from '../position-wait';
import type { ContextInput, QueryInput } from '../types';
import {
  MAX_K,
  MAX_KEY_CHARS,
  MAX_QUERY_CHARS,
  invalid,
  optionalEntities,
  optionalEnumList,
  optionalFactor,
  optionalId,
  optionalInt,
  optionalPosition,
  optionalTags,
  optionalText,
  optionalTime,
  requireScope,
} from '../validation';

function requireQueryText(value: unknown): string {
  if (typeof value !== 'string') throw invalid('query', 'must be a string');
  if (value.trim().length === 0) throw invalid('query', 'must not be empty');
  if (value.length > MAX_QUERY_CHARS) throw invalid('query', `must be at most ${MAX_QUERY_CHARS} characters`);
  return value;
}

export async function query(ctx: AppContext, input: QueryInput): Promise<QueryHit[]> {
  const scope = requireScope(input.scope);
  const text = requireQueryText(input.query);
  const k = optionalInt(input.k, 'k', 1, MAX_K, 10);
  const tiers = optionalEnumList(input.tiers, TIERS, 'tiers');
  const types = optionalEnumList(input.types, MEMORY_TYPES, 'types');
  const tags = input.tags == null ? undefined : optionalTags(input.tags);
  const from = optionalTime(input.from, 'from') ?? undefined;
  const to = optionalTime(input.to, 'to') ?? undefined;
  if (from && to && from > to) throw invalid('from', 'must not be after to');
  const sessionId = optionalId(input.sessionId, 'sessionId') ?? undefined;
  const scopeTag = optionalText(input.scopeTag, 'scope', MAX_KEY_CHARS) ?? undefined;
  const entities = optionalEntities(input.entities);
  const sessionDiversity = optionalFactor(input.sessionDiversity, 'sessionDiversity');
  await waitForPosition(ctx.progress, optionalPosition(input.minPosition), ctx.config.minPositionWaitMs);

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
  });
  // Defence in depth for P3: whatever the retriever returns, only k hits leave, and accesses are
  // recorded off the request path.
  const out = hits.slice(0, k);
  ctx.accesses.record(scope, out.filter((h) => h.kind === 'memory').map((h) => h.id), text);
  return out;
}

export async function context(ctx: AppContext, input: ContextInput): Promise<{ context: string; sections: Record<string, number> }> {
  const scope = requireScope(input.scope);
  const text = requireQueryText(input.query);
  const sessionId = optionalId(input.sessionId, 'sessionId') ?? undefined;
  const budgetChars = input.budgetChars == null ? undefined : optionalInt(input.budgetChars, 'budgetChars', 200, 200_000, 6000);
  const entities = optionalEntities(input.entities);
  await waitForPosition(ctx.progress, optionalPosition(input.minPosition), ctx.config.minPositionWaitMs);
  if (!ctx.contextRenderer) throw new EngramError('UNSUPPORTED', 'no context renderer is configured');
  const r = await ctx.contextRenderer.render({ scope, query: text, sessionId, budgetChars, ...(entities ? { entities } : {}) });
  return { context: r.text, sections: r.sections };
}
