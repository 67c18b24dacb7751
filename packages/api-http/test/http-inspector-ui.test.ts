import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureInspectorBuilt } from '../../inspector/test/ensure-built';
import { errorHandler } from '../src/errors';
import { registerInspectorUi } from '../src/inspector-ui';
import { httpRequest, openHttpStack, type HttpStack } from './http-server';

describe('the inspector’s static assets at /ui/', () => {
  let h: HttpStack;
  beforeAll(async () => {
    ensureInspectorBuilt();
    h = await openHttpStack();
    const w = await h.call('POST', '/v1/memories', {
      body: { userId: 'ui-user-7c1', type: 'USER', content: 'Likes the inspector' },
    });
    expect(w.status).toBe(202);
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('serves the page with a strict content policy and its hashed assets, holding no data', async () => {
    const moved = await fetch(`${h.base}/ui`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([308, '/ui/']);
    const page = await h.call('GET', '/ui/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(page.text).not.toContain('ui-user-7c1');
    // Everything the page loads comes from /ui/ itself (no CDN: it works offline).
    const refs = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(2);
    for (const ref of refs) {
      expect(ref.startsWith('/ui/assets/'), ref).toBe(true);
      const a = await h.call('GET', ref);
      expect(a.status, ref).toBe(200);
      expect(a.headers.get('content-type')).toMatch(ref.endsWith('.js') ? /^text\/javascript/ : /^text\/css/);
      expect(a.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const missing = await h.call('GET', '/ui/assets/nope.js');
    expect([missing.status, missing.json.error.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('says the inspector is not built where its assets are missing', async () => {
    const server = Fastify();
    server.setErrorHandler(errorHandler(h.logger));
    registerInspectorUi(server, null);
    await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const r = await httpRequest(`http://127.0.0.1:${port}`, 'GET', '/ui/');
      expect(r.json.error.code).toBe('UNSUPPORTED');
      expect(r.json.error.message).toContain('npm run build -w @engram/inspector');
    } finally {
      await server.close();
    }
  });
});
