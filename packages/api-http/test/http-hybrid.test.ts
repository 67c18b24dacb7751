import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHttpStack } from './http-server';
import type { HttpStack } from './http-server';

describe('HTTP API end to end with the hybrid retriever (BM25 + vectors on local indexes)', () => {
  let h: HttpStack;
  beforeAll(async () => {
    h = await openHttpStack();
  });
  afterAll(async () => {
    await h.close();
  });

  it('finds a fresh write and a fresh message with read-your-writes, scoped to the caller', async () => {
    const w = await h.call('POST', '/v1/memories', {
      body: {
        userId: 'hy',
        type: 'ENVIRONMENT',
        content: 'The staging database runs PostgreSQL 15 on port 6543',
        tags: ['infra'],
      },
      headers: { 'x-tenant-id': 'hy-t' },
    });
    const m = await h.call('POST', '/v1/sessions/hs/messages', {
      body: { userId: 'hy', role: 'user', content: 'Remind me to rotate the staging database password' },
      headers: { 'x-tenant-id': 'hy-t' },
    });
    const other = await h.call('POST', '/v1/memories', {
      body: { userId: 'hy', type: 'ENVIRONMENT', content: 'The staging database of another tenant lives on port 7777' },
      headers: { 'x-tenant-id': 'other-t' },
    });
    expect([w.status, m.status, other.status]).toEqual([202, 202, 202]);
    const q = await h.call('POST', '/v1/query', {
      body: { userId: 'hy', query: 'staging database port', k: 10, minPosition: m.json.position },
      headers: { 'x-tenant-id': 'hy-t' },
    });
    expect(q.status).toBe(200);
    const ids = q.json.results.map((r: { id: string }) => r.id);
    expect(ids).toContain(w.json.id);
    expect(ids).toContain(m.json.eventId);
    expect(ids).not.toContain(other.json.id);
    expect(q.json.results.find((r: { id: string }) => r.id === w.json.id)).toMatchObject({
      kind: 'memory',
      tier: 'SEMANTIC',
      tags: ['infra'],
      source: 'user_stated',
    });

    const filtered = await h.call('POST', '/v1/query', {
      body: { userId: 'hy', query: 'staging database', tiers: ['SEMANTIC'] },
      headers: { 'x-tenant-id': 'hy-t' },
    });
    expect(filtered.json.results.map((r: { id: string }) => r.id)).toEqual([w.json.id]);
  });

  it('renders context through the retrieval package’s renderer', async () => {
    const w = await h.call('POST', '/v1/memories', {
      body: { userId: 'cx', type: 'USER', key: 'name', content: 'The user is called Robin', pinned: true },
    });
    const m = await h.call('POST', '/v1/sessions/cs/messages', {
      body: { userId: 'cx', role: 'user', content: 'What should I cook tonight?' },
    });
    expect(w.status).toBe(202);
    const c = await h.call('POST', '/v1/context', {
      body: { userId: 'cx', sessionId: 'cs', query: 'dinner ideas', minPosition: m.json.position },
    });
    expect(c.status).toBe(200);
    expect(c.json.context).toContain('The user is called Robin');
    expect(c.json.context).toContain('What should I cook tonight?');
    expect(Object.values(c.json.sections as Record<string, number>).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(
      2,
    );
  });
});
