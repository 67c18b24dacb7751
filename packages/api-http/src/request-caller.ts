import { ANONYMOUS_PRINCIPAL, tenantFor, type Principal } from '@engram/core';
import type { FastifyRequest } from 'fastify';

/** Who calls, from a request the auth hook admitted: its principal, the key's tenant and the correlation id. */
export function requestCaller(req: FastifyRequest): {
  principal: Principal;
  tenantId: string;
  correlationId: string | null;
} {
  const tenant = req.headers['x-tenant-id'];
  const corr = req.headers['x-correlation-id'];
  const principal = req.principal ?? ANONYMOUS_PRINCIPAL;
  return {
    principal,
    // P5: the tenant comes from the key; a header naming another tenant is refused.
    tenantId: tenantFor(principal, typeof tenant === 'string' && tenant !== '' ? tenant : null),
    correlationId: typeof corr === 'string' ? corr : null,
  };
}
