import { EngramError, PROVENANCE_SOURCES, newId, requireClaim } from '@engram/core';
import { admit } from '../access/operations';
import type { EngramEvent } from '@engram/core';
import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import { getContradiction, getMemory } from '@engram/projections';
import { screenWrite } from '../scanning';
import type { ResolveContradictionInput, ResolveContradictionResult } from '../types';

/**
 * C3: the user settles a pending contradiction. The loser is superseded by the winner; when B was
 * only a stored candidate (the guard kept A), choosing B writes it as a user_stated entry first.
 * All events go to the user's stream in one append.
 */
export async function resolveContradiction(
  ctx: AppContext,
  input: ResolveContradictionInput,
): Promise<ResolveContradictionResult> {
  const { scope, principal, keyId } = admit(ctx, input, 'resolveContradiction');
  // The resolution is the user's word on which value is true (resolvedBy: user; B may become a user_stated entry).
  requireClaim(principal, 'user_stated', 'resolving a contradiction');
  const { winner } = input;
  const contradictionId = input.contradictionId.toLowerCase();
  const correlationId = input.correlationId ?? null;
  const c = await getContradiction(ctx.db, scope, contradictionId);
  if (!c)
    throw new EngramError('NOT_FOUND', `contradiction ${contradictionId} not found`, { details: { contradictionId } });
  if (c.resolution) {
    throw new EngramError('CONFLICT', `contradiction ${contradictionId} was already resolved (${c.resolution})`, {
      details: { contradictionId, resolution: c.resolution },
    });
  }
  const env = { scope, correlationId, causationId: contradictionId, keyId };
  const events: EngramEvent[] = [];
  const reason = `contradiction ${contradictionId} resolved by the user`;
  const a = await getMemory(ctx.db, scope, c.entryAId);
  const b = await getMemory(ctx.db, scope, c.entryBId);
  let winnerMemoryId: string;

  if (winner === 'a') {
    if (!a)
      throw new EngramError('CONFLICT', `entry A (${c.entryAId}) no longer exists`, { details: { contradictionId } });
    winnerMemoryId = c.entryAId;
    if (b && !b.supersededBy) {
      events.push(
        buildEvent(ctx.clock, 'MemorySuperseded', env, {
          memoryId: c.entryBId,
          supersededBy: c.entryAId,
          reason,
          contradictionId,
        }),
      );
    }
  } else if (b) {
    winnerMemoryId = c.entryBId;
    if (a && !a.supersededBy) {
      events.push(
        buildEvent(ctx.clock, 'MemorySuperseded', env, {
          memoryId: c.entryAId,
          supersededBy: c.entryBId,
          reason,
          contradictionId,
        }),
      );
    }
  } else {
    const candidate = c.candidate;
    if (!candidate || typeof candidate.content !== 'string') {
      throw new EngramError('CONFLICT', `entry B (${c.entryBId}) is neither stored nor a candidate`, {
        details: { contradictionId },
      });
    }
    const key = typeof candidate.key === 'string' ? candidate.key : (a?.key ?? null);
    await screenWrite(ctx, {
      scope,
      keyId,
      sessionId: null,
      correlationId,
      attempted: 'memory',
      fields: { content: candidate.content, ...(key ? { key } : {}) },
      // The user's own choice, part of one composite append: refused or stored, never held.
      quarantinable: false,
    });
    winnerMemoryId = newId();
    const sourceMessageIds = Array.isArray(candidate.sourceMessageIds) ? candidate.sourceMessageIds.map(String) : [];
    const confidence = typeof candidate.confidence === 'number' ? candidate.confidence : 1;
    const candidateSource =
      typeof candidate.source === 'string' && (PROVENANCE_SOURCES as readonly string[]).includes(candidate.source);
    events.push(
      buildEvent(ctx.clock, 'MemoryWritten', env, {
        memoryId: winnerMemoryId,
        type: a?.type ?? 'USER',
        tier: 'SEMANTIC',
        key,
        content: candidate.content,
        tags: a?.tags ?? [],
        importance: a?.importance ?? 0.5,
        pinned: false,
        // The user confirmed it, so it is user_stated whatever the candidate's origin was.
        source: 'user_stated',
        confidence,
        scope: a?.scope ?? null,
        metadata: {
          resolvedContradictionId: contradictionId,
          ...(candidateSource ? { candidateSource: candidate.source } : {}),
        },
        sourceMessageIds,
        episodeId: null,
        validFrom: null,
        validTo: null,
      }),
    );
    if (a && !a.supersededBy) {
      events.push(
        buildEvent(ctx.clock, 'MemorySuperseded', env, {
          memoryId: c.entryAId,
          supersededBy: winnerMemoryId,
          reason,
          contradictionId,
        }),
      );
    }
  }
  const resolution = winner === 'a' ? 'a_wins' : 'b_wins';
  events.push(buildEvent(ctx.clock, 'ContradictionResolved', env, { contradictionId, resolution, resolvedBy: 'user' }));
  const res = await appendAll(ctx.log, events);
  return { eventId: res.eventId, position: res.position, resolution, winnerMemoryId };
}
