import { randomUUID } from 'node:crypto';
import type { EngramEvent, EventType, PayloadOf, Scope, StoredEvent } from '@engram/core';

/**
 * Builds real catalogue events for one scope. Offsets come from one counter per test process, so
 * every event of a test file has its own position (the checkpoints of a shared database stay valid
 * across tests).
 */
let nextOffset = 0;

export interface EventContext {
  scope: Scope;
  sessionId?: string | null;
  /** Advanced by one second per event, so occurredAt is strictly increasing. */
  clock?: { ms: number };
}

export function uid(): string {
  return randomUUID();
}

/** A fresh tenant/user (no row of another test can match it). */
export function freshScope(agentId: string | null = null): Scope {
  return { tenantId: `t-${uid().slice(0, 8)}`, userId: `u-${uid().slice(0, 8)}`, agentId };
}

export class EventFactory {
  private readonly clock: { ms: number };

  constructor(
    readonly scope: Scope,
    public sessionId: string | null = 's-1',
    startMs = Date.parse('2026-03-01T10:00:00.000Z'),
  ) {
    this.clock = { ms: startMs };
  }

  /** The ISO time the next event will carry. */
  peekTime(): string {
    return new Date(this.clock.ms + 1000).toISOString();
  }

  make<T extends EventType>(
    type: T,
    payload: PayloadOf<T>,
    over: Partial<Pick<EngramEvent, 'agentId' | 'sessionId' | 'occurredAt' | 'eventId'>> = {},
  ): StoredEvent {
    this.clock.ms += 1000;
    const at = new Date(this.clock.ms).toISOString();
    const event = {
      eventId: over.eventId ?? uid(),
      type,
      schemaVersion: 1,
      tenantId: this.scope.tenantId,
      userId: this.scope.userId,
      agentId: over.agentId !== undefined ? over.agentId : this.scope.agentId,
      sessionId: over.sessionId !== undefined ? over.sessionId : this.sessionId,
      occurredAt: over.occurredAt ?? at,
      recordedAt: at,
      causationId: null,
      correlationId: null,
      keyId: null,
      payload,
    } as EngramEvent;
    return { event, position: { partition: 0, offset: nextOffset++ } };
  }

  message(
    role: 'user' | 'assistant' | 'system' | 'tool',
    content: string,
    over: { messageId?: string; sessionId?: string | null; agentId?: string | null } = {},
  ): StoredEvent {
    return this.make(
      'MessageObserved',
      { messageId: over.messageId ?? uid(), role, content, metadata: { via: 'test' } },
      over,
    );
  }

  memory(
    p: Partial<PayloadOf<'MemoryWritten'>> & { content: string },
    over: { agentId?: string | null; sessionId?: string | null } = {},
  ): StoredEvent {
    return this.make(
      'MemoryWritten',
      {
        memoryId: uid(),
        type: 'USER',
        tier: 'SEMANTIC',
        key: null,
        tags: [],
        importance: 0.6,
        pinned: false,
        source: 'user_stated',
        confidence: 1,
        scope: null,
        metadata: {},
        sourceMessageIds: [],
        episodeId: null,
        validFrom: null,
        validTo: null,
        ...p,
      },
      over,
    );
  }

  fact(p: Partial<PayloadOf<'FactExtracted'>> & { content: string }): StoredEvent {
    return this.make('FactExtracted', {
      memoryId: uid(),
      kind: 'fact',
      type: 'ENVIRONMENT',
      key: null,
      tags: ['extracted'],
      importance: 0.5,
      confidence: 0.8,
      source: 'consolidated',
      subject: null,
      predicate: null,
      object: null,
      timeHint: null,
      sourceMessageIds: [],
      episodeId: null,
      extractor: 'rules@1',
      validFrom: null,
      validTo: null,
      ...p,
    });
  }

  /** The erasure coordinator's lineage cascade: what was derived only from erased data. */
  forgetDerived(
    derived: { memoryIds?: string[]; episodeIds?: string[]; skillIds?: string[] },
    erasureId: string = uid(),
  ): StoredEvent {
    return this.make('MemoryForgotten', {
      target: 'derived',
      memoryId: null,
      key: null,
      reason: 'derived from erased data',
      requestedBy: 'engram',
      erasureId,
      derived: {
        memoryIds: derived.memoryIds ?? [],
        episodeIds: derived.episodeIds ?? [],
        skillIds: derived.skillIds ?? [],
      },
    });
  }

  forget(target: 'memory' | 'key' | 'user', ref: { memoryId?: string; key?: string } = {}): StoredEvent {
    return this.make('MemoryForgotten', {
      target,
      memoryId: ref.memoryId ?? null,
      key: ref.key ?? null,
      reason: 'user asked',
      requestedBy: 'user',
      erasureId: null,
      derived: null,
    });
  }
}

export function memoryIdOf(s: StoredEvent): string {
  if (s.event.type !== 'MemoryWritten' && s.event.type !== 'FactExtracted')
    throw new Error(`${s.event.type} has no memoryId`);
  return s.event.payload.memoryId;
}
