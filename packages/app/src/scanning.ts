import { textProblem } from '@engram/contract';
import { EngramError, newId, publicField, quarantinePayload, rejectionPayload } from '@engram/core';

import type { ContentQuarantined, EngramEvent, Scope } from '@engram/core';
import type { AppContext } from './context';
import { appendAll, buildEvent } from './envelope';
import { invalid } from './rules';

export interface ScanRequest {
  scope: Scope;
  sessionId: string | null;
  correlationId: string | null;
  /** The caller's key (who attempted the write). */
  keyId?: string | null;
  /** Which write path: memory, message, … (recorded on the rejection). */
  attempted: string;
  /** Field path → text; scanned in order, the first refused one decides. */
  fields: Record<string, string>;
  /** False where a held write cannot wait for an operator (a forget's reason): refused instead. */
  quarantinable?: boolean;
}

/** The write goes on, or is held: `hold` appends ContentQuarantined carrying the event it would have appended. */
export type Screened = { held: false } | { held: true; hold: (event: EngramEvent) => Promise<Quarantined> };

export interface Quarantined {
  quarantineId: string;
  eventId: string;
  position: string;
}

/**
 * P2: the one place every API write is scanned (ctx.screen: rules, the optional classifier, the
 * policy). A refused write is recorded as WriteRejected (who: the envelope; what: sha256 and the
 * matched fragment; why: code and reason) and answered with the CONTENT_BLOCKED_* error; the refused
 * content itself is never stored. Under the quarantine policy the write is held instead.
 */
export async function screenWrite(ctx: AppContext, req: ScanRequest): Promise<Screened> {
  // What the read side cannot store at all is bad input (nothing recorded), not a refused write.
  for (const [field, text] of Object.entries(req.fields)) {
    const problem = textProblem(text);
    if (problem) throw invalid(publicField(field), problem);
  }
  const decision = await ctx.screen.screen(req.fields, { quarantine: req.quarantinable !== false });
  if (decision.action === 'accept') {
    if (decision.flagged) {
      ctx.logger.warn(
        {
          attempted: req.attempted,
          field: publicField(decision.flagged.field),
          code: decision.flagged.code,
          reason: decision.flagged.reason,
        },
        'scanner flagged a write; stored under policy allow',
      );
    }
    return { held: false };
  }
  const field = publicField(decision.field);
  const { verdict } = decision;
  if (decision.action === 'quarantine') {
    return {
      held: true,
      hold: async (event) => {
        const quarantineId = newId();
        const q: ContentQuarantined = buildEvent(
          ctx.clock,
          'ContentQuarantined',
          {
            scope: req.scope,
            sessionId: req.sessionId,
            correlationId: req.correlationId,
            occurredAt: event.occurredAt,
            keyId: event.keyId,
          },
          quarantinePayload(decision, req.attempted, quarantineId, event),
        );
        const { eventId, position } = await appendAll(ctx.log, [q]);
        ctx.logger.warn(
          { attempted: req.attempted, field, code: verdict.code, quarantineId },
          'write quarantined by the content scanner',
        );
        return { quarantineId, eventId, position };
      },
    };
  }
  const event = buildEvent(
    ctx.clock,
    'WriteRejected',
    { scope: req.scope, sessionId: req.sessionId, correlationId: req.correlationId, keyId: req.keyId ?? null },
    rejectionPayload(decision, req.attempted, req.fields[decision.field] ?? ''),
  );
  let rejectionEventId: string | null = null;
  try {
    await appendAll(ctx.log, [event]);
    rejectionEventId = event.eventId;
  } catch (e) {
    // The write is refused either way; losing the audit record must be visible in the logs.
    ctx.logger.error({ err: e, code: verdict.code, field }, 'could not record WriteRejected');
  }
  throw new EngramError(verdict.code, `${field} was blocked: ${verdict.reason}`, {
    details: {
      field,
      reason: verdict.reason,
      intents: verdict.intents,
      match: verdict.match.slice(0, 120),
      rejectionEventId,
    },
  });
}
