import { defaultSourceFor, isEngramError, newId, requireClaim, stringLeaves, type MemoryWritten } from '@engram/core';
import { admit, type Admitted } from '../access/operations';
import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import { precheckSemanticWrite } from '../read/write-precheck';
import { screenWrite } from '../scanning';
import type { WriteBatchInput, WriteBatchResult, WriteMemoryInput, WriteMemoryResult } from '../types';
import { contentWithin, invalid, normalTime, uniqueTags } from '../rules';

/** A write checked, scanned and prechecked: its event to append, or the answer it already has (deduplicated, held). */
type Prepared = { event: MemoryWritten } | { done: WriteMemoryResult };

async function prepareWrite(
  ctx: AppContext,
  { scope, principal, keyId }: Admitted,
  input: WriteMemoryInput,
): Promise<Prepared> {
  const { type } = input;
  const content = contentWithin(input.content, ctx.config.maxContentBytes);
  const key = input.key ?? null;
  const tags = uniqueTags(input.tags);
  const importance = input.importance ?? 0.5;
  const pinned = input.pinned ?? false;
  // P5: provenance follows the caller. Unnamed, it is the highest the key may claim.
  const source = input.source ?? defaultSourceFor(principal);
  requireClaim(principal, source);
  const tier = input.tier ?? 'SEMANTIC';
  const sessionId = input.sessionId ?? null;
  if (tier === 'WORKING' && !sessionId) throw invalid('sessionId', 'is required for a WORKING memory');
  const metadata = input.metadata ?? {};
  const validFrom = normalTime(input.validFrom);
  const validTo = normalTime(input.validTo);
  if (validFrom && validTo && validTo < validFrom) throw invalid('validTo', 'must not be before validFrom');
  const scopeTag = input.scopeTag ?? null;
  const at = normalTime(input.at);
  const correlationId = input.correlationId ?? null;

  const screened = await screenWrite(ctx, {
    scope,
    sessionId,
    correlationId,
    keyId,
    attempted: 'memory',
    fields: {
      content,
      ...(key ? { key } : {}),
      ...(scopeTag ? { scope: scopeTag } : {}),
      ...Object.fromEntries(tags.map((t, i) => [`tags[${i}]`, t])),
      ...stringLeaves(metadata, 'metadata'),
    },
  });

  if (tier === 'SEMANTIC' && !screened.held) {
    const verdict = await precheckSemanticWrite(ctx.precheck, scope, { key, content, source });
    if (verdict.action === 'duplicate')
      return { done: { id: verdict.id, eventId: null, position: null, deduplicated: true, quarantineId: null } };
  }

  await ctx.quota?.admit(scope);
  const memoryId = newId();
  const event = buildEvent(
    ctx.clock,
    'MemoryWritten',
    { scope, sessionId, correlationId, keyId, occurredAt: at },
    {
      memoryId,
      type,
      tier,
      key,
      content,
      tags,
      importance,
      pinned,
      source,
      confidence: 1,
      scope: scopeTag,
      metadata,
      sourceMessageIds: [],
      episodeId: null,
      validFrom,
      validTo,
    },
  );
  if (screened.held) {
    const q = await screened.hold(event);
    return {
      done: {
        id: memoryId,
        eventId: q.eventId,
        position: q.position,
        deduplicated: false,
        quarantineId: q.quarantineId,
      },
    };
  }
  return { event };
}

export async function writeMemory(ctx: AppContext, input: WriteMemoryInput): Promise<WriteMemoryResult> {
  const prepared = await prepareWrite(ctx, admit(ctx, input, 'writeMemory'), input);
  if ('done' in prepared) return prepared.done;
  const res = await appendAll(ctx.log, [prepared.event]);
  return {
    id: prepared.event.payload.memoryId,
    eventId: res.eventId,
    position: res.position,
    deduplicated: false,
    quarantineId: null,
  };
}

/**
 * Several writes of one user in one durable append. Each item goes through the path of a single
 * write (rules, scanner, guard, precheck); an item refused there is answered with its error and the
 * others are still written.
 */
export async function writeMemories(ctx: AppContext, input: WriteBatchInput): Promise<WriteBatchResult> {
  const admitted = admit(ctx, input, 'writeMemories');
  const results: WriteBatchResult['results'] = [];
  const pending: Array<{ index: number; event: MemoryWritten }> = [];
  for (const [index, item] of input.items.entries()) {
    try {
      const prepared = await prepareWrite(ctx, admitted, {
        ...item,
        scope: input.scope,
        principal: input.principal,
        correlationId: input.correlationId,
      });
      if ('done' in prepared) results[index] = { index, ok: true, result: prepared.done };
      else pending.push({ index, event: prepared.event });
    } catch (e) {
      if (!isEngramError(e) || e.httpStatus >= 500) throw e;
      results[index] = { index, ok: false, error: e.toJSON() };
    }
  }
  if (pending.length === 0) return { results, position: null };
  const res = await appendAll(
    ctx.log,
    pending.map((p) => p.event),
  );
  pending.forEach((p, i) => {
    results[p.index] = {
      index: p.index,
      ok: true,
      result: {
        id: p.event.payload.memoryId,
        eventId: p.event.eventId,
        position: res.positions[i]!,
        deduplicated: false,
        quarantineId: null,
      },
    };
  });
  return { results, position: res.position };
}
