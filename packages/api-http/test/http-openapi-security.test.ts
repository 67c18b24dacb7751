import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccess } from '@engram/app';
import { buildHttpServer } from '../src/index';
import { openHttpStack, type HttpStack } from './http-server';

describe('OpenAPI: the security scheme on every operation (P5)', () => {
  let h: HttpStack;
  let doc: any;
  beforeAll(async () => {
    h = await openHttpStack({ projectors: false });
    doc = (await h.call('GET', '/openapi.json')).json;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('declares bearer and x-api-key schemes, required by default', () => {
    expect(doc.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
  });

  it('every operation states its security: a key, with 401/403/429 answers, except the public probes', () => {
    const ops = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((p) => Object.values(p));
    expect(ops.length).toBeGreaterThan(15);
    for (const op of ops) {
      expect(op.security, op.operationId).toBeDefined();
      if (['healthz', 'readyz', 'openapi'].includes(op.operationId)) {
        expect(op.security, op.operationId).toEqual([]);
        expect(op.responses['401'], op.operationId).toBeUndefined();
      } else {
        expect(op.security, op.operationId).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
        for (const status of ['401', '403', '429'])
          expect(op.responses[status], `${op.operationId} ${status}`).toBeDefined();
      }
    }
    expect(doc.paths['/v1/admin/keys'].post.responses['201'].content['application/json'].schema.required).toContain(
      'key',
    );
  });

  it('/metrics takes a key only when ENGRAM_METRICS_AUTH=required: its security lists "none" first', async () => {
    const server = buildHttpServer({
      app: h.app,
      access: openAccess(),
      logger: h.logger,
      version: 't',
      readiness: h.readiness.check,
      metrics: async () => 'engram_up 1\n',
    });
    try {
      const d = (await server.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(d.paths['/metrics'].get.security).toEqual([{}, { bearerAuth: [] }, { apiKeyHeader: [] }]);
      expect(d.paths['/v1/admin/dead-letters'].get.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    } finally {
      await server.close();
    }
  });
});
