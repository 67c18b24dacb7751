import { defaultSourceFor, newId, requireClaim, stringLeaves } from '@engram/core';
import { admit } from '../access/operations';
import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import { precheckSemanticWrite } from '../read/write-precheck';
import { screenWrite } from '../scanning';
import type { WriteMemoryInput, WriteMemoryResult } from '../types';
import { contentWithin, invalid, normalTime, uniqueTags } from '../rules';

export async function writeMemory(ctx: AppContext, input: WriteMemoryInput): Promise<WriteMemoryResult> {
  const { scope, principal, keyId } = admit(ctx, input, 'writeMemory');
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
    const verdict = await precheckSemanticWrite(ctx.db, scope, { key, content, source });
    if (verdict.action === 'duplicate')
      return { id: verdict.id, eventId: null, position: null, deduplicated: true, quarantineId: null };
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
      id: memoryId,
      eventId: q.eventId,
      position: q.position,
      deduplicated: false,
      quarantineId: q.quarantineId,
    };
  }
  const res = await appendAll(ctx.log, [event]);
  return { id: memoryId, eventId: res.eventId, position: res.position, deduplicated: false, quarantineId: null };
}
