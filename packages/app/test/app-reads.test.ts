import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, systemClock } from '@engram/core';
import type { ContradictionDetected } from '@engram/core';
import { openStack, scopeOf, rejection } from './harness';
import type { Stack } from './harness';

describe('app queries on the real log, PGlite and projectors', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await openStack();
  });
  afterAll(async () => {
    await s.close();
  });

  it('read-your-writes: a query with minPosition sees the write it follows', async () => {
    const w = await s.app.writeMemory({
      scope: scopeOf('ryw'),
      type: 'ENVIRONMENT',
      content: 'The deploy target is Kubernetes on GKE',
    });
    const hits = await s.app.query({
      scope: scopeOf('ryw'),
      query: 'which kubernetes deploy target',
      minPosition: w.position!,
    });
    expect(hits.map((h) => h.id)).toContain(w.id);
    const hit = hits.find((h) => h.id === w.id)!;
    expect(hit).toMatchObject({
      kind: 'memory',
      tier: 'SEMANTIC',
      type: 'ENVIRONMENT',
      source: 'user_stated',
      content: 'The deploy target is Kubernetes on GKE',
    });
    expect(hit.score).toBeGreaterThan(0);
  });

  it('query refuses a blank query, from after to, and a minPosition the log has not reached', async () => {
    // Shapes (k, tiers, timestamps, positions) are the contract's (packages/contract/test); these are the app's rules.
    for (const [input, field] of [
      [{ query: '   ' }, 'query'],
      [{ query: 'x', from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' }, 'from'],
      [{ query: 'x', minPosition: '0:999999999' }, 'minPosition'],
      [{ query: 'x', minPosition: '7:0' }, 'minPosition'],
    ] as const) {
      const err = await rejection(s.app.query({ scope: scopeOf('v'), ...(input as object) } as never));
      expect([err.code, err.details?.field]).toEqual(['VALIDATION_FAILED', field]);
    }
  });

  it('isolation: other tenants and users never see an entry (query, get, history, key history)', async () => {
    const owner = scopeOf('iso-user', 'tenant-a');
    const w = await s.app.writeMemory({
      scope: owner,
      type: 'USER',
      key: 'secret_word',
      content: 'The secret word is platypus',
    });
    expect(
      (await s.app.query({ scope: owner, query: 'secret word platypus', minPosition: w.position! })).map((h) => h.id),
    ).toContain(w.id);
    for (const other of [scopeOf('iso-user', 'tenant-b'), scopeOf('iso-other', 'tenant-a')]) {
      expect(await s.app.query({ scope: other, query: 'secret word platypus' })).toEqual([]);
      expect((await rejection(s.app.getMemory({ scope: other, memoryId: w.id }))).code).toBe('NOT_FOUND');
      expect((await rejection(s.app.memoryHistory({ scope: other, memoryId: w.id }))).code).toBe('NOT_FOUND');
      expect(await s.app.keyHistory({ scope: other, key: 'secret_word' })).toEqual([]);
      expect((await rejection(s.app.forget({ scope: other, target: 'memory', memoryId: w.id }))).code).toBe(
        'NOT_FOUND',
      );
    }
    expect((await s.app.memoryHistory({ scope: owner, memoryId: w.id })).map((h) => h.action)).toEqual(['created']);
    expect((await s.app.keyHistory({ scope: owner, key: 'secret_word' })).map((h) => h.memoryId)).toEqual([w.id]);
  });

  it('key history shows the supersession lattice of a key', async () => {
    const scope = scopeOf('keyhist');
    const v1 = await s.app.writeMemory({ scope, type: 'USER', key: 'employer', content: 'Works at Acme' });
    await s.app.getMemory({ scope, memoryId: v1.id, minPosition: v1.position! });
    const v2 = await s.app.writeMemory({ scope, type: 'USER', key: 'employer', content: 'Works at Globex' });
    const history = await s.app.keyHistory({ scope, key: 'employer', minPosition: v2.position! });
    expect(history.filter((h) => h.action === 'created').map((h) => h.memoryId)).toEqual([v1.id, v2.id]);
    expect(history.some((h) => h.action === 'superseded' && h.memoryId === v1.id && h.relatedId === v2.id)).toBe(true);
    expect((await s.app.getMemory({ scope, memoryId: v1.id })).supersededBy).toBe(v2.id);
  });

  it('B3: history shows valid and record times, and asOf reads what was true then (lexical retriever too)', async () => {
    const scope = scopeOf('asof-lexical');
    const v1 = await s.app.writeMemory({
      scope,
      type: 'USER',
      key: 'employer',
      content: 'Works at Acme',
      at: '2024-01-10T09:00:00.000Z',
    });
    const v2 = await s.app.writeMemory({
      scope,
      type: 'USER',
      key: 'employer',
      content: 'Works at Globex',
      at: '2026-03-02T09:00:00.000Z',
      validFrom: '2026-03-01T00:00:00.000Z',
    });
    const history = await s.app.keyHistory({ scope, key: 'employer', minPosition: v2.position! });
    const superseded = history.find((h) => h.action === 'superseded' && h.memoryId === v1.id)!;
    expect(superseded).toMatchObject({ validTo: '2026-03-01T00:00:00.000Z' });
    expect(superseded.recordedAt).not.toBeNull();
    expect(history.find((h) => h.action === 'created' && h.memoryId === v2.id)).toMatchObject({
      validFrom: '2026-03-01T00:00:00.000Z',
      validTo: null,
    });
    const then = await s.app.query({ scope, query: 'works at', asOf: '2025-06-01T00:00:00.000Z' });
    expect(then.map((h) => h.content)).toEqual(['Works at Acme']);
    const now = await s.app.query({ scope, query: 'works at' });
    expect(now[0]!.content).toBe('Works at Globex');
    await expect(
      s.app.writeMemory({
        scope,
        type: 'USER',
        content: 'x',
        validFrom: '2026-01-02T00:00:00.000Z',
        validTo: '2026-01-01T00:00:00.000Z',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('working memory renders the session as markdown', async () => {
    const scope = scopeOf('wm');
    await s.app.observeMessage({ scope, sessionId: 'chat-1', role: 'user', content: 'Can you book a table for two?' });
    const r = await s.app.observeMessage({
      scope,
      sessionId: 'chat-1',
      role: 'assistant',
      content: 'Sure, which evening?',
    });
    const md = await s.app.workingMemory({ scope, sessionId: 'chat-1', minPosition: r.position });
    expect(md).toContain('**user**: Can you book a table for two?');
    expect(md.indexOf('book a table')).toBeLessThan(md.indexOf('which evening'));
    expect(await s.app.workingMemory({ scope: scopeOf('wm-other'), sessionId: 'chat-1' })).not.toContain(
      'book a table',
    );
  });

  it('context renders core facts, relevant facts and the conversation', async () => {
    const scope = scopeOf('ctx');
    await s.app.writeMemory({ scope, type: 'USER', key: 'name', content: 'Name is Dana', pinned: true });
    await s.app.writeMemory({ scope, type: 'ENVIRONMENT', content: 'The billing service is written in Go' });
    const r = await s.app.observeMessage({ scope, sessionId: 'c1', role: 'user', content: 'Let us debug billing' });
    const c = await s.app.context({
      scope,
      query: 'billing service language',
      sessionId: 'c1',
      minPosition: r.position,
    });
    expect(c.context).toContain('Name is Dana');
    expect(c.context).toContain('billing service is written in Go');
    expect(c.context).toContain('Let us debug billing');
    expect(c.sections.core).toBeGreaterThanOrEqual(1);
  });

  it('resolveContradiction(winner b) writes the candidate, supersedes A and resolves', async () => {
    const scope = scopeOf('contra');
    const a = await s.app.writeMemory({ scope, type: 'USER', key: 'city', content: 'Lives in Paris' });
    const contradictionId = newId();
    // The consolidator's event: B was not stored because the guard kept A until the user decides.
    const detected: ContradictionDetected = {
      eventId: newId(),
      type: 'ContradictionDetected',
      schemaVersion: 1,
      tenantId: 't1',
      userId: 'contra',
      agentId: null,
      sessionId: null,
      occurredAt: systemClock.now().toISOString(),
      recordedAt: systemClock.now().toISOString(),
      causationId: null,
      correlationId: null,
      keyId: null,
      payload: {
        contradictionId,
        entryAId: a.id,
        entryBId: newId(),
        description: 'moved city',
        confidence: 0.8,
        candidate: {
          key: 'city',
          content: 'Lives in Berlin',
          source: 'consolidated',
          confidence: 0.8,
          sourceMessageIds: ['m1'],
        },
      },
    };
    const appended = await s.log.append([detected]);
    const pos = `${appended.positions[0]!.partition}:${appended.positions[0]!.offset}`;
    const open = await s.app.listContradictions({ scope, minPosition: pos });
    expect(open.map((c) => c.id)).toEqual([contradictionId]);
    expect(await s.app.listContradictions({ scope: scopeOf('someone') })).toEqual([]);

    const res = await s.app.resolveContradiction({ scope, contradictionId, winner: 'b' });
    expect(res.resolution).toBe('b_wins');
    const winner = await s.app.getMemory({ scope, memoryId: res.winnerMemoryId, minPosition: res.position });
    expect(winner).toMatchObject({ content: 'Lives in Berlin', key: 'city', source: 'user_stated', tier: 'SEMANTIC' });
    const loser = await s.app.getMemory({ scope, memoryId: a.id });
    expect(loser.supersededBy).toBe(res.winnerMemoryId);
    expect(await s.app.listContradictions({ scope })).toEqual([]);
    const all = await s.app.listContradictions({ scope, status: 'all' });
    expect(all[0]).toMatchObject({ id: contradictionId, resolution: 'b_wins', resolvedBy: 'user' });
    expect((await rejection(s.app.resolveContradiction({ scope, contradictionId, winner: 'a' }))).code).toBe(
      'CONFLICT',
    );
    expect((await rejection(s.app.resolveContradiction({ scope, contradictionId: newId(), winner: 'a' }))).code).toBe(
      'NOT_FOUND',
    );
  });
});
