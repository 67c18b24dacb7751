import {
  EngramError,
  defaultSourceFor,
  newId,
  provenanceGuard,
  requireClaim,
  stringLeaves,
  type EngramEvent,
} from '@engram/core';
import { getMemory as readMemory } from '@engram/projections';
import { admit } from '../access/operations';
import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import { waitForPosition } from '../position-wait';
import { precheckSemanticWrite } from '../read/write-precheck';
import { contentWithin, invalid, positionOf, uniqueTags } from '../rules';
import { screenWrite } from '../scanning';
import type { PatchMemoryInput, PatchMemoryResult } from '../types';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * PATCH /v1/memories/{id}: the entry's next version, through the write path of a write (the
 * caller's provenance under the guard, the content scanner, the precheck) — a new entry that
 * supersedes the patched one. A keyed entry is superseded by its key's rule; an unkeyed one by a
 * MemorySuperseded appended in the same durable append, before the new version (so the new version
 * is not deduplicated into the one it replaces).
 */
export async function patchMemory(ctx: AppContext, input: PatchMemoryInput): Promise<PatchMemoryResult> {
  const { scope, principal, keyId } = admit(ctx, input, 'patchMemory');
  const id = input.memoryId.toLowerCase();
  const given = (['content', 'tags', 'importance', 'pinned', 'metadata'] as const).filter(
    (f) => input[f] !== undefined,
  );
  if (given.length === 0)
    throw invalid('body', 'names nothing to change: give content, tags, importance, pinned or metadata');
  await waitForPosition(ctx, positionOf(input.minPosition));
  const m = await readMemory(ctx.db, scope, id);
  if (!m) throw new EngramError('NOT_FOUND', `memory ${id} not found`, { details: { memoryId: id } });
  if (m.tier !== 'SEMANTIC' || m.supersededBy !== null) {
    throw new EngramError(
      'CONFLICT',
      `memory ${id} is not the current version (tier ${m.tier}${m.supersededBy ? `, superseded by ${m.supersededBy}` : ''}): patch the current one`,
      {
        details: { memoryId: id, tier: m.tier, supersededBy: m.supersededBy },
      },
    );
  }
  const content = input.content === undefined ? m.content : contentWithin(input.content, ctx.config.maxContentBytes);
  const tags = input.tags === undefined ? m.tags : uniqueTags(input.tags);
  const importance = input.importance ?? m.importance;
  const pinned = input.pinned ?? m.pinned;
  const metadata = input.metadata ?? m.metadata;
  if (
    content === m.content &&
    sameJson(tags, m.tags) &&
    importance === m.importance &&
    pinned === m.pinned &&
    sameJson(metadata, m.metadata)
  ) {
    return { id: m.id, previousId: m.id, eventId: null, position: null, deduplicated: true, quarantineId: null };
  }
  // P5 + P1: the new version carries the caller's provenance, which must be allowed to replace the entry's.
  const source = defaultSourceFor(principal);
  requireClaim(principal, source);
  if (!provenanceGuard(m.source, source)) {
    throw new EngramError(
      'PROVENANCE_REJECTED',
      `provenance guard: a ${source} change may not overwrite the ${m.source} entry ${m.id} (${m.source} wins)`,
      {
        details: { field: 'source', existing: m.source, incoming: source, heldBy: m.id },
      },
    );
  }
  // The version belongs where the entry is: its agent, its session.
  const entryScope = { ...scope, agentId: m.agentId };
  const correlationId = input.correlationId ?? null;
  const screened = await screenWrite(ctx, {
    scope: entryScope,
    sessionId: m.sourceSession,
    correlationId,
    keyId,
    attempted: 'memory',
    fields: {
      content,
      ...(m.key ? { key: m.key } : {}),
      ...Object.fromEntries(tags.map((t, i) => [`tags[${i}]`, t])),
      ...stringLeaves(metadata, 'metadata'),
    },
    // A held unkeyed version could not supersede its predecessor on release: refused instead.
    quarantinable: m.key !== null,
  });
  if (!screened.held) {
    const verdict = await precheckSemanticWrite(ctx.precheck, entryScope, { key: m.key, content, source });
    if (verdict.action === 'duplicate' && m.key === null && verdict.id !== m.id) {
      throw new EngramError('CONFLICT', `memory ${verdict.id} already holds this content`, {
        details: { field: 'content', memoryId: verdict.id },
      });
    }
  }
  const memoryId = newId();
  const envelope = { scope: entryScope, sessionId: m.sourceSession, correlationId, keyId };
  const written = buildEvent(ctx.clock, 'MemoryWritten', envelope, {
    memoryId,
    type: m.type,
    tier: 'SEMANTIC',
    key: m.key,
    content,
    tags,
    importance,
    pinned,
    source,
    confidence: 1,
    scope: m.scope,
    metadata,
    sourceMessageIds: m.sourceMessageIds,
    episodeId: m.episodeId,
    // New content becomes true now; the same content keeps its valid time.
    validFrom: content === m.content ? m.validFrom : null,
    validTo: null,
  });
  if (screened.held) {
    const q = await screened.hold(written);
    return {
      id: memoryId,
      previousId: m.id,
      eventId: q.eventId,
      position: q.position,
      deduplicated: false,
      quarantineId: q.quarantineId,
    };
  }
  const events: EngramEvent[] =
    m.key === null
      ? [
          buildEvent(ctx.clock, 'MemorySuperseded', envelope, {
            memoryId: m.id,
            supersededBy: memoryId,
            reason: 'patched',
            contradictionId: null,
          }),
          written,
        ]
      : [written];
  const res = await appendAll(ctx.log, events);
  return {
    id: memoryId,
    previousId: m.id,
    eventId: res.eventId,
    position: res.position,
    deduplicated: false,
    quarantineId: null,
  };
}
