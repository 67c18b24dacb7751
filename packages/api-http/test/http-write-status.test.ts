import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type EngramEvent } from '@engram/core';
import { PROJECTORS, sqlProjectionProgress, startProjector, type RunningProjector } from '@engram/projections';
import { waitFor } from '@engram/testing';
import { openHttpStack } from './http-server';
import type { HttpStack } from './http-server';

describe('HTTP API: write status (GET /v1/events/{id}), dead letters and /readyz', () => {
  let h: HttpStack;
  const running: RunningProjector[] = [];
  beforeAll(async () => {
    // Projectors start later, so the first writes can be seen pending.
    h = await openHttpStack({ projectors: false });
  });
  afterAll(async () => {
    for (const p of running) await p.close();
    await h.close();
  });

  const startProjectors = async () => {
    for (const projector of Object.values(PROJECTORS)) {
      const handle = await startProjector({ log: h.log, db: h.db, projector, batchSize: 50, retryPollMs: 100 });
      running.push(handle);
      h.readiness.addProjector(handle);
    }
  };

  it('reports pending, then applied with the memory id, or rejected with the projector’s reason (a lower-provenance write that raced a stronger one)', async () => {
    const strong = await h.call('POST', '/v1/memories', {
      body: { userId: 'ws', type: 'USER', key: 'city', content: 'Lives in Porto' },
    });
    const weak = await h.call('POST', '/v1/memories', {
      body: { userId: 'ws', type: 'USER', key: 'city', content: 'Lives in Faro', source: 'model_inferred' },
    });
    const msg = await h.call('POST', '/v1/sessions/s1/messages', {
      body: { userId: 'ws', role: 'user', content: 'hello there' },
    });
    for (const r of [strong, weak, msg]) expect(r.status).toBe(202);
    expect(weak.json.eventId).toEqual(expect.any(String));

    const pending = await h.call('GET', `/v1/events/${weak.json.eventId}?userId=ws`);
    expect(pending.status).toBe(200);
    expect(pending.json).toMatchObject({
      eventId: weak.json.eventId,
      status: 'pending',
      type: 'MemoryWritten',
      position: weak.json.position,
    });

    await startProjectors();
    await waitFor('projectors caught up', () =>
      sqlProjectionProgress(h.db, Object.keys(PROJECTORS)).reached({
        partition: 0,
        offset: Number(msg.json.position.split(':')[1]),
      }),
    );

    // Applied also means searchable: the search index follows the log on its own, after the SQL side.
    const status = async (eventId: string) => (await h.call('GET', `/v1/events/${eventId}?userId=ws`)).json;
    await waitFor('write status past pending', async () => (await status(msg.json.eventId)).status !== 'pending');
    const applied = await h.call('GET', `/v1/events/${strong.json.eventId}?userId=ws`);
    expect(applied.json).toMatchObject({
      status: 'applied',
      vectors: 'applied',
      memoryId: strong.json.id,
      code: null,
      deadLetters: [],
    });
    const rejected = await h.call('GET', `/v1/events/${weak.json.eventId}?userId=ws`);
    expect(rejected.json).toMatchObject({ status: 'rejected', code: 'PROVENANCE_REJECTED', memoryId: strong.json.id });
    expect(rejected.json.reason).toMatch(/provenance guard/);
    expect((await h.call('GET', `/v1/events/${msg.json.eventId}?userId=ws`)).json).toMatchObject({
      status: 'applied',
      type: 'MessageObserved',
    });

    // Only the writer's own stream: another user, or an id never written, is 404.
    expect((await h.call('GET', `/v1/events/${strong.json.eventId}?userId=someone-else`)).status).toBe(404);
    expect((await h.call('GET', `/v1/events/${newId()}?userId=ws`)).json.error.code).toBe('NOT_FOUND');
    expect((await h.call('GET', '/v1/events/not-a-uuid?userId=ws')).json.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'eventId' },
    });
  });

  it('dead-letters an event a producer put straight into the log, lists it, retries it on request, and stays ready', async () => {
    const ok = await h.call('POST', '/v1/sessions/s2/messages', {
      body: { userId: 'dl', role: 'user', content: 'kept' },
    });
    const poison = (await h.events()).find((e) => e.eventId === ok.json.eventId)!;
    const bad = {
      ...poison,
      eventId: newId(),
      payload: { ...(poison.payload as object), messageId: newId(), content: 'zero \u0000 byte' },
    } as EngramEvent;
    const { positions } = await h.log.append([bad]);
    const after = await h.call('POST', '/v1/sessions/s2/messages', {
      body: { userId: 'other-tenant-user', role: 'user', content: 'after the poison' },
      headers: { 'x-tenant-id': 'other' },
    });
    await waitFor(
      'the read side went past the poison event',
      async () =>
        (
          await h.call('POST', '/v1/query', {
            body: { userId: 'other-tenant-user', query: 'poison', minPosition: after.json.position },
            headers: { 'x-tenant-id': 'other' },
          })
        ).status === 200,
    );

    const list = await h.call('GET', '/v1/admin/dead-letters?projection=episodic');
    expect(list.status).toBe(200);
    const dl = list.json.deadLetters.find((d: { eventId: string }) => d.eventId === bad.eventId);
    expect(dl).toMatchObject({
      projection: 'episodic',
      code: 'VALIDATION_FAILED',
      tenantId: bad.tenantId,
      userId: 'dl',
      status: 'dead',
      position: positions[0],
    });
    expect(list.json.counts.episodic).toBeGreaterThanOrEqual(1);

    const st = await h.call('GET', `/v1/events/${bad.eventId}?userId=dl`);
    expect(st.json).toMatchObject({ status: 'rejected', code: 'DEAD_LETTERED' });
    expect(st.json.deadLetters.map((d: { projection: string }) => d.projection).sort()).toEqual([
      'archival',
      'episodic',
      'semantic',
      'working',
    ]);

    const ready = await h.call('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json).toMatchObject({
      status: 'ready',
      components: { log: { ok: true }, store: { ok: true }, 'projection:episodic': { ok: true, lag: 0 } },
    });
    expect(ready.json.deadLetters.episodic).toBeGreaterThanOrEqual(1);

    const retry = await h.call('POST', '/v1/admin/dead-letters/retry', { body: { id: dl.id } });
    expect(retry).toMatchObject({ status: 202, json: { requested: 1 } });
    // Still poison: applied again, refused again, parked with one more attempt.
    await waitFor('the retry ran', async () => {
      const again = (await h.call('GET', '/v1/admin/dead-letters?projection=episodic')).json.deadLetters.find(
        (d: { id: string }) => d.id === dl.id,
      );
      return again?.status === 'dead' && again.attempts === dl.attempts + 1;
    });
  });
});
