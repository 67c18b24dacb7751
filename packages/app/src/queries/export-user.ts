import { requireAllAgents, type EngramEvent } from '@engram/core';
import { admit } from '../access/operations';
import type { AppContext } from '../context';
import type { CallBase } from '../types';

/**
 * B7 online: every event of the user's stream in log order, as `engram export` writes them (the
 * whole envelope and its payload; erased content reads as its tombstone). Authorised before the
 * first event is read, so a refusal is an error answer, never a cut stream.
 */
export async function exportUser(ctx: AppContext, input: CallBase): Promise<AsyncIterable<EngramEvent>> {
  const { scope, principal } = admit(ctx, input, 'exportUser');
  requireAllAgents(principal, 'exporting a user');
  const { log } = ctx;
  return {
    async *[Symbol.asyncIterator]() {
      for await (const { event } of log.read()) {
        if (event.tenantId === scope.tenantId && event.userId === scope.userId) yield event;
      }
    },
  };
}
