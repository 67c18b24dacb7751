import { describe, expect, it } from 'vitest';
import { openHttpStack } from './http-server';

const memory = (extra: Record<string, unknown> = {}) => ({
  userId: 'bad',
  type: 'USER',
  content: 'A normal fact',
  ...extra,
});

describe('HTTP API: read-your-writes timeout', () => {
  it('answers 503 PROJECTION_LAGGING with Retry-After when the read side is behind', async () => {
    const h = await openHttpStack({ projectors: false, config: { minPositionWaitMs: 100 } });
    try {
      const w = await h.call('POST', '/v1/memories', {
        body: memory({ content: 'Written while projections are stopped' }),
      });
      expect(w.status).toBe(202);
      const q = await h.call('POST', '/v1/query', {
        body: { userId: 'bad', query: 'projections', minPosition: w.json.position },
      });
      expect(q.status).toBe(503);
      expect(q.headers.get('retry-after')).toBe('1');
      expect(q.json.error).toMatchObject({
        code: 'PROJECTION_LAGGING',
        retriable: true,
        details: { minPosition: w.json.position },
      });
      const g = await h.call('GET', `/v1/memories/${w.json.id}?userId=bad&minPosition=${w.json.position}`);
      expect(g.status).toBe(503);
    } finally {
      await h.close();
    }
  });
});
