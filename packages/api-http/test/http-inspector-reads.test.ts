import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectiveImportance, formatPosition, systemClock } from '@engram/core';
import { createConsolidator, createRulesEngine, type Consolidator } from '@engram/consolidation';
import { waitFor } from '@engram/testing';
import { openHttpStack } from './http-server';
import type { HttpStack } from './http-server';

const TENANT = { 'x-tenant-id': 'insp-t' };
const DECAY = { importanceDecayDays: 30, archiveThreshold: 0.05 };

describe('the inspector’s read views: sessions, session timeline, decay curve, erasure reports', () => {
  let h: HttpStack;
  let consolidator: Consolidator;
  let head = '';
  const messageIds: string[] = [];

  const get = (path: string) => h.call('GET', path, { headers: TENANT });

  beforeAll(async () => {
    h = await openHttpStack({ config: { decay: DECAY } });
    consolidator = createConsolidator({
      log: h.log,
      db: h.db,
      engine: createRulesEngine(),
      clock: systemClock,
      stateDir: join(h.dir, 'consolidator'),
      config: {
        idleSeconds: 3600,
        decay: DECAY,
        idleCheckMs: 0,
        decayIntervalMs: 0,
        baseBackoffMs: 20,
        maxBackoffMs: 200,
        projectionWaitMs: 15_000,
      },
    });
    await consolidator.start();
    const say = async (session: string, content: string, at: string) => {
      const r = await h.call('POST', `/v1/sessions/${session}/messages`, {
        body: { userId: 'ana', role: 'user', content, at },
        headers: TENANT,
      });
      expect(r.status).toBe(202);
      return r.json.eventId as string;
    };
    await say('s-old', 'We talked about the weather.', '2026-01-05T09:00:00.000Z');
    messageIds.push(await say('s-new', 'I just moved to Porto for a new job.', '2026-02-10T10:00:00.000Z'));
    messageIds.push(await say('s-new', 'My sister Inês lives nearby.', '2026-02-10T10:01:00.000Z'));
    const ended = await h.call('POST', '/v1/sessions/s-new/end', { body: { userId: 'ana' }, headers: TENANT });
    expect(ended.status).toBe(202);
    await waitFor(
      'the episode of s-new',
      async () =>
        (
          await h.db.query(
            "SELECT 1 FROM episodes WHERE tenant_id = 'insp-t' AND user_id = 'ana' AND session_key = 's-new'",
          )
        ).rows.length > 0,
      15_000,
    );
    await consolidator.whenIdle();
    for await (const stored of h.log.read()) head = formatPosition(stored.position);
  }, 60_000);

  afterAll(async () => {
    await consolidator?.close();
    await h?.close();
  });

  it('GET /v1/users/{u}/sessions: newest first by start, paged by cursor', async () => {
    const first = await get(`/v1/users/ana/sessions?limit=1&minPosition=${head}`);
    expect(first.status).toBe(200);
    expect(first.json.sessions).toEqual([
      expect.objectContaining({ sessionId: 's-new', messageCount: 2, endedAt: expect.any(String) }),
    ]);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await get(`/v1/users/ana/sessions?limit=1&cursor=${first.json.nextCursor}`);
    expect(second.json.sessions.map((s: { sessionId: string }) => s.sessionId)).toEqual(['s-old']);
    expect(second.json.sessions[0].endedAt).toBeNull();
    expect(second.json.nextCursor).toBeNull();
    const bad = await get('/v1/users/ana/sessions?cursor=bm90LWEtY3Vyc29y');
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('VALIDATION_FAILED');
  });

  it('GET /v1/sessions/{id}/timeline: the ledger, its episode and the facts extracted from it, with lineage', async () => {
    const r = await get(`/v1/sessions/s-new/timeline?userId=ana&minPosition=${head}`);
    expect(r.status).toBe(200);
    const t = r.json;
    expect(t.session).toMatchObject({ sessionId: 's-new', messageCount: 2 });
    expect(t.messages.map((m: { eventId: string }) => m.eventId)).toEqual(messageIds);
    expect(t.messages[0]).toMatchObject({ role: 'user', content: 'I just moved to Porto for a new job.' });
    expect(t.episodes).toHaveLength(1);
    const [episode] = t.episodes;
    expect(episode.sourceMessageIds).toEqual(t.messages.map((m: { messageId: string }) => m.messageId));
    const facts = t.memories.filter((m: { episodeId: string | null }) => m.episodeId === episode.id);
    expect(facts.length).toBeGreaterThan(0);
    for (const f of facts) {
      expect(f.source).toBe('consolidated');
      expect(f.sourceMessageIds.length).toBeGreaterThan(0);
    }
    expect(facts.map((f: { content: string }) => f.content).join(' ')).toMatch(/Porto/);
    const other = await get('/v1/sessions/s-new/timeline?userId=bob');
    expect(other.status).toBe(404);
    expect(other.json.error.code).toBe('NOT_FOUND');
  });

  it('GET /v1/memories/{id}/decay: core’s forgetting curve with the deployment’s half-life and threshold', async () => {
    const w = await h.call('POST', '/v1/memories', {
      body: { userId: 'ana', type: 'ENVIRONMENT', content: 'The staging cluster runs in eu-west', importance: 0.8 },
      headers: TENANT,
    });
    const u = await h.call('POST', '/v1/memories', {
      body: { userId: 'ana', type: 'USER', content: 'Prefers tea over coffee', importance: 0.6 },
      headers: TENANT,
    });
    const r = await get(`/v1/memories/${w.json.id}/decay?userId=ana&points=50&minPosition=${u.json.position}`);
    expect(r.status).toBe(200);
    const c = r.json;
    expect(c).toMatchObject({
      exempt: false,
      importance: 0.8,
      accessCount: 0,
      halfLifeDays: 30,
      archiveThreshold: 0.05,
    });
    expect(c.points).toHaveLength(50);
    expect(c.points[0].effectiveImportance).toBeCloseTo(0.8, 6);
    for (let i = 1; i < c.points.length; i++)
      expect(c.points[i].effectiveImportance).toBeLessThan(c.points[i - 1].effectiveImportance);
    // 0.8 → 0.05 is four half-lives of 30 days; the curve runs past it.
    expect(Date.parse(c.crossesThresholdAt) - Date.parse(c.lastTouched)).toBeCloseTo(120 * 86_400_000, -3);
    expect(Date.parse(c.points.at(-1).at)).toBeGreaterThan(Date.parse(c.crossesThresholdAt));
    const entry = {
      importance: 0.8,
      type: 'ENVIRONMENT' as const,
      pinned: false,
      accessCount: 0,
      lastTouched: c.lastTouched,
    };
    for (const p of [c.points[7], c.points[31]])
      expect(p.effectiveImportance).toBeCloseTo(effectiveImportance(entry, new Date(p.at), DECAY), 12);
    const got = await get(`/v1/memories/${w.json.id}?userId=ana`);
    expect(got.json.effectiveImportance).toBeCloseTo(c.effectiveImportanceNow, 6);

    const flat = (await get(`/v1/memories/${u.json.id}/decay?userId=ana&days=10`)).json;
    expect(flat).toMatchObject({ exempt: true, crossesThresholdAt: null });
    expect(new Set(flat.points.map((p: { effectiveImportance: number }) => p.effectiveImportance))).toEqual(
      new Set([0.6]),
    );

    const bad = await get(`/v1/memories/${w.json.id}/decay?userId=ana&points=1`);
    expect([bad.status, bad.json.error.code, bad.json.error.details.field]).toEqual([
      400,
      'VALIDATION_FAILED',
      'points',
    ]);
    const missing = await get('/v1/memories/00000000-0000-4000-8000-000000000000/decay?userId=ana');
    expect(missing.status).toBe(404);
  });

  it('GET /v1/erasures: the tenant’s erasure reports, newest first, paged, filtered by user', async () => {
    const ids: string[] = [];
    for (const content of ['first thing to forget', 'second thing to forget']) {
      const w = await h.call('POST', '/v1/memories', {
        body: { userId: 'ana', type: 'ENVIRONMENT', content },
        headers: TENANT,
      });
      const f = await h.call('DELETE', `/v1/memories/${w.json.id}?userId=ana&minPosition=${w.json.position}`, {
        headers: TENANT,
      });
      expect(f.status).toBe(202);
      ids.push(f.json.erasureId);
      await get(`/v1/erasures/${f.json.erasureId}?minPosition=${f.json.position}`);
    }
    const first = await get('/v1/erasures?limit=1');
    expect(first.status).toBe(200);
    expect(first.json.erasures.map((e: { erasureId: string }) => e.erasureId)).toEqual([ids[1]]);
    expect(first.json.erasures[0]).toMatchObject({ subject: { userId: 'ana', target: 'memory' } });
    const second = await get(`/v1/erasures?limit=1&cursor=${first.json.nextCursor}`);
    expect(second.json.erasures.map((e: { erasureId: string }) => e.erasureId)).toEqual([ids[0]]);
    expect((await get('/v1/erasures?userId=bob')).json.erasures).toEqual([]);
    expect((await get('/v1/erasures?userId=ana')).json.erasures).toHaveLength(2);
  });
});
