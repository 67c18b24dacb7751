import type { AccessControl } from '@engram/app';
import type { Principal } from '@engram/core';
import type { FastifyInstance } from 'fastify';

/** Who may call a route: a key (the default, also for unknown paths), nobody in particular, or /metrics (a key when configured). */
export type RouteAuth = 'key' | 'none' | 'metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every route that needs a key (the open principal when auth is off). */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}

/**
 * P5 on HTTP: before the body is read, the request's key is checked (401 UNAUTHENTICATED) and its
 * rate-limit bucket charged (429 RATE_LIMITED). Routes opt out with config.auth = 'none'; routes
 * registered later (other plugins) are protected too.
 */
export function installAuthHook(server: FastifyInstance, access: AccessControl): void {
  server.decorateRequest('principal', null);
  server.addHook('onRequest', async (req) => {
    const policy: RouteAuth =
      req.routeOptions.config?.auth ?? (req.routeOptions.url === '/metrics' ? 'metrics' : 'key');
    if (policy === 'none' || (policy === 'metrics' && !access.metricsProtected)) return;
    req.principal = await access.admit({ authorization: req.headers.authorization, apiKey: req.headers['x-api-key'] });
  });
}
