import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPosition, systemClock } from '@engram/core';
import { createConsolidator, createRulesEngine, type Consolidator } from '@engram/consolidation';
import { waitFor } from '@engram/testing';
import { openHttpStack } from './http-server';
import type { HttpStack } from './http-server';

const TENANT = { 'x-tenant-id': 'ent-t' };

describe('POST /v1/query with an entity filter (R9), hybrid retriever and the real consolidator', () => {
  let h: HttpStack;
  let consolidator: Consolidator;
  const ids: Record<string, string> = {};
  let episodeId = '';
  let lastPosition = '';

  const query = (body: Record<string, unknown>) =>
    h.call('POST', '/v1/query', {
      body: { userId: 'ent', k: 20, minPosition: lastPosition, ...body },
      headers: TENANT,
    });
  const resultIds = (r: { json: { results: Array<{ id: string }> } }) => r.json.results.map((x) => x.id);

  beforeAll(async () => {
    h = await openHttpStack();
    consolidator = createConsolidator({
      log: h.log,
      db: h.db,
      engine: createRulesEngine(),
      clock: systemClock,
      stateDir: join(h.dir, 'consolidator'),
      config: {
        idleSeconds: 3600,
        decay: { importanceDecayDays: 30, archiveThreshold: 0.05 },
        idleCheckMs: 0,
        decayIntervalMs: 0,
        baseBackoffMs: 20,
        maxBackoffMs: 200,
        projectionWaitMs: 15_000,
      },
    });
    await consolidator.start();

    const say = async (name: string, content: string) => {
      const r = await h.call('POST', '/v1/sessions/work/messages', {
        body: { userId: 'ent', role: 'user', content, at: '2026-02-10T10:00:00.000Z' },
        headers: TENANT,
      });
      expect(r.status).toBe(202);
      ids[name] = r.json.eventId;
    };
    await say('acmeJob', 'I just started working at Acme Corp as a product designer.');
    await say('priya', 'My manager there, Priya, wants the onboarding plan by Friday.');
    await say('lisbon', 'Last weekend was spent in Lisbon with my sister.');

    const write = async (name: string, body: Record<string, unknown>) => {
      const r = await h.call('POST', '/v1/memories', {
        body: { userId: 'ent', type: 'ENVIRONMENT', ...body },
        headers: TENANT,
      });
      expect(r.status).toBe(202);
      ids[name] = r.json.id;
    };
    await write('template', { content: 'The onboarding plan template lives in the shared drive' });
    await write('checklist', {
      key: 'onboarding.review',
      content: 'Onboarding plan review checklist',
      metadata: { reviewer: 'Priya' },
    });
    await write('globex', { content: 'The onboarding plan for the new hire is due in March', tags: ['globex'] });
    await write('beijing', { content: '周末常去北京的书店' });
    await write('shanghai', { content: '周末常去上海的书店' });

    const ended = await h.call('POST', '/v1/sessions/work/end', { body: { userId: 'ent' }, headers: TENANT });
    expect(ended.status).toBe(202);
    episodeId = await waitFor(
      'the episode of the ended session in the read model',
      async () => {
        const r = await h.db.query<{ id: string }>(
          "SELECT id::text AS id FROM episodes WHERE tenant_id = 'ent-t' AND user_id = 'ent' AND session_key = 'work'",
        );
        return r.rows[0]?.id;
      },
      15_000,
    );
    await consolidator.whenIdle();
    for await (const stored of h.log.read()) lastPosition = formatPosition(stored.position);
  }, 60_000);

  afterAll(async () => {
    await consolidator?.close();
    await h?.close();
  });

  it('keeps only documents that concern the entity: text mentions and memory metadata', async () => {
    const all = await query({ query: 'onboarding plan' });
    expect(resultIds(all)).toEqual(expect.arrayContaining([ids.priya, ids.template, ids.checklist, ids.globex]));

    const priya = await query({ query: 'onboarding plan', entities: ['Priya'] });
    expect(priya.status).toBe(200);
    expect(resultIds(priya)).toEqual(expect.arrayContaining([ids.priya, ids.checklist]));
    expect(resultIds(priya)).not.toContain(ids.template);
    expect(resultIds(priya)).not.toContain(ids.globex);

    const globex = await query({ query: 'onboarding plan', entities: ['Globex'] });
    expect(resultIds(globex)).toEqual([ids.globex]);
  });

  it('finds the consolidated episode by its entity ids, and the extracted fact by the slug', async () => {
    const stored = await h.db.query<{ entity_ids: string[]; summary: string }>(
      'SELECT entity_ids, summary FROM episodes WHERE id = $1',
      [episodeId],
    );
    expect(stored.rows[0]!.entity_ids).toContain('lisbon');
    // The summary does not name Lisbon: only entity_ids can tie the episode to it.
    expect(stored.rows[0]!.summary).not.toMatch(/lisbon/i);

    const lisbon = await query({ query: 'started working as a product designer', entities: ['Lisbon'] });
    const got = resultIds(lisbon);
    expect(got).toContain(episodeId);
    expect(got).not.toContain(ids.acmeJob);
    for (const hit of lisbon.json.results as Array<{ id: string }>) expect([episodeId, ids.lisbon]).toContain(hit.id);

    const acme = await query({ query: 'user works', entities: ['acme_corp'], tiers: ['SEMANTIC'] });
    const facts = acme.json.results as Array<{ key: string }>;
    expect(facts.map((f) => f.key)).toContain('user.employer');
    expect(facts.map((f) => f.key)).not.toContain('user.occupation');
  });

  it('matches Chinese entities', async () => {
    const r = await query({ query: '周末 书店', entities: ['北京'] });
    expect(resultIds(r)).toEqual([ids.beijing]);
  });

  it.each([
    ['an empty entity', { entities: [''] }, 'entities[0]'],
    ['an entity of the wrong type', { entities: [7] }, 'entities[0]'],
    ['entities not an array', { entities: 'Priya' }, 'entities'],
    ['too many entities', { entities: Array.from({ length: 17 }, (_, i) => `e${i}`) }, 'entities'],
    ['an entity without a letter or digit', { entities: ['!!!'] }, 'entities[0]'],
  ])('rejects %s with VALIDATION_FAILED', async (_name, body, field) => {
    const r = await query({ query: 'onboarding plan', ...body });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: 'VALIDATION_FAILED', retriable: false, details: { field } });
  });

  it('POST /v1/context renders known facts and history about the entity only', async () => {
    const context = (body: Record<string, unknown>) =>
      h.call('POST', '/v1/context', {
        body: { userId: 'ent', query: 'onboarding plan', minPosition: lastPosition, ...body },
        headers: TENANT,
      });
    const all = await context({});
    expect(all.status).toBe(200);
    expect(all.json.context).toMatch(/template lives in the shared drive/);
    expect(all.json.context).toMatch(/due in March/);

    const priya = await context({ entities: ['Priya'] });
    expect(priya.status).toBe(200);
    expect(priya.json.context).toMatch(/Onboarding plan review checklist/);
    expect(priya.json.context).toMatch(/Priya, wants the onboarding plan/);
    expect(priya.json.context).not.toMatch(/template lives in the shared drive/);
    expect(priya.json.context).not.toMatch(/due in March/);

    const bad = await context({ entities: ['!!!'] });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('documents the field in /openapi.json', async () => {
    const doc = (await h.call('GET', '/openapi.json')).json;
    const entities = doc.paths['/v1/query'].post.requestBody.content['application/json'].schema.properties.entities;
    expect(entities).toMatchObject({ type: 'array', maxItems: 16, items: { type: 'string', minLength: 1 } });
    expect(entities.description).toMatch(/entity/);
  });
});
