import { MEMORY_TYPES, PROVENANCE_SOURCES, newId } from '@engram/core';
import type { Tier } from '@engram/core';
import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import { precheckSemanticWrite } from '../read/write-precheck';
import { scanOrReject, stringLeaves } from '../scanning';
import type { WriteMemoryInput, WriteMemoryResult } from '../types';
import {
  MAX_KEY_CHARS,
  invalid,
  optionalBoolean,
  optionalCorrelation,
  optionalId,
  optionalMetadata,
  optionalTags,
  optionalText,
  optionalTime,
  optionalUnit,
  requireContent,
  requireEnum,
  requireScope,
} from '../validation';

const WRITABLE_TIERS = ['SEMANTIC', 'WORKING'] as const satisfies readonly Tier[];

export async function writeMemory(ctx: AppContext, input: WriteMemoryInput): Promise<WriteMemoryResult> {
  const scope = requireScope(input.scope);
  const type = requireEnum(input.type, MEMORY_TYPES, 'type');
  const key = optionalText(input.key, 'key', MAX_KEY_CHARS);
  const content = requireContent(input.content, 'content', ctx.config.maxContentBytes);
  const tags = optionalTags(input.tags);
  const importance = optionalUnit(input.importance, 'importance', 0.5);
  const pinned = optionalBoolean(input.pinned, 'pinned', false);
  const source = input.source == null ? 'user_stated' : requireEnum(input.source, PROVENANCE_SOURCES, 'source');
  const tier = input.tier == null ? 'SEMANTIC' : requireEnum(input.tier, WRITABLE_TIERS, 'tier');
  const sessionId = optionalId(input.sessionId, 'sessionId');
  if (tier === 'WORKING' && !sessionId) throw invalid('sessionId', 'is required for a WORKING memory');
  const metadata = optionalMetadata(input.metadata);
  const validFrom = optionalTime(input.validFrom, 'validFrom');
  const scopeTag = optionalText(input.scopeTag, 'scope', MAX_KEY_CHARS);
  const at = optionalTime(input.at, 'at');
  const correlationId = optionalCorrelation(input.correlationId);

  await scanOrReject(ctx.log, ctx.clock, ctx.logger, {
    scope,
    sessionId,
    correlationId,
    attempted: 'memory',
    fields: {
      content,
      ...(key ? { key } : {}),
      ...(scopeTag ? { scope: scopeTag } : {}),
      ...Object.fromEntries(tags.map((t, i) => [`tags[${i}]`, t])),
      ...stringLeaves(metadata, 'metadata'),
    },
  });

  if (tier === 'SEMANTIC') {
    const verdict = await precheckSemanticWrite(ctx.db, scope, { key, content, source });
    if (verdict.action === 'duplicate') return { id: verdict.id, eventId: null, position: null, deduplicated: true };
  }

  const memoryId = newId();
  const event = buildEvent(ctx.clock, 'MemoryWritten', { scope, sessionId, correlationId, occurredAt: at }, {
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
  });
  const res = await appendAll(ctx.log, [event]);
  return { id: memoryId, eventId: res.eventId, position: res.position, deduplicated: false };
}
