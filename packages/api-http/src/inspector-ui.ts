import { EngramError } from '@engram/core';
import { loadInspectorAssets, type InspectorAsset } from '@engram/inspector';
import type { FastifyInstance } from 'fastify';

// The page fetches only from this origin; no inline script; uPlot sizes its canvas with inline styles.
const PAGE_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/**
 * The inspector at /ui/: static assets with no data in them, so they are served without a key; every
 * call the page makes goes to the JSON API with the key the user typed (sent as Authorization), and
 * is authorised there like any other client's.
 */
export function registerInspectorUi(server: FastifyInstance, assets = loadInspectorAssets()): void {
  const send = (asset: InspectorAsset | undefined, path: string) => {
    if (!assets)
      throw new EngramError(
        'UNSUPPORTED',
        'the inspector is not built here: run `npm run build -w @engram/inspector` (npm ci does it)',
      );
    if (!asset) throw new EngramError('NOT_FOUND', `no inspector asset ${path}`);
    return asset;
  };
  server.get('/ui', { config: { auth: 'none' } }, async (_req, reply) => reply.redirect('/ui/', 308));
  server.get<{ Params: { '*': string } }>('/ui/*', { config: { auth: 'none' } }, async (req, reply) => {
    const path = req.params['*'] ?? '';
    const asset = send(assets?.get(path), path);
    reply
      .type(asset.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (path === '') reply.header('content-security-policy', PAGE_POLICY);
    return reply.send(asset.body);
  });
}
