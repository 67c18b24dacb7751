import { EngramError, scanFields, sha256Hex, type Logger } from '@engram/core';
import type { Clock, EventLog, Scope } from '@engram/core';
import { appendAll, buildEvent } from './envelope';

/** Flattens the string values of a JSON value into "path" → string pairs. */
export function stringLeaves(value: unknown, path: string, out: Record<string, string> = {}, depth = 0): Record<string, string> {
  if (depth > 16 || value == null) return out;
  if (typeof value === 'string') out[path] = value;
  else if (Array.isArray(value)) value.forEach((v, i) => stringLeaves(v, `${path}[${i}]`, out, depth + 1));
  else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      // A metadata key is written content too.
      out[`${path}.${k}#key`] = k;
      stringLeaves(v, `${path}.${k}`, out, depth + 1);
    }
  }
  return out;
}

export interface ScanRequest {
  scope: Scope;
  sessionId: string | null;
  correlationId: string | null;
  /** Which write path: memory, message, … (recorded on the rejection). */
  attempted: string;
  /** Field path → text; scanned in order, the first blocked one decides. */
  fields: Record<string, string>;
}

/**
 * P2: scans every written text. A blocked write is recorded as a WriteRejected event (who: the
 * envelope; what: sha256 and the matched fragment; why: code and reason) and answered with the
 * CONTENT_BLOCKED_* error. The refused content itself is never stored.
 */
export async function scanOrReject(log: EventLog, clock: Clock, logger: Logger, req: ScanRequest): Promise<void> {
  const verdict = scanFields(req.fields);
  if (verdict.ok) return;
  const field = verdict.field ?? 'content';
  const publicField = field.replace(/#key$/, '');
  const refused = req.fields[field] ?? '';
  const event = buildEvent(clock, 'WriteRejected', { scope: req.scope, sessionId: req.sessionId, correlationId: req.correlationId }, {
    attempted: req.attempted,
    code: verdict.code,
    reason: verdict.reason,
    field: publicField,
    contentSha256: sha256Hex(refused),
    match: verdict.match.slice(0, 120),
  });
  let rejectionEventId: string | null = null;
  try {
    await appendAll(log, [event]);
    rejectionEventId = event.eventId;
  } catch (e) {
    // The write is refused either way; losing the audit record must be visible in the logs.
    logger.error({ err: e, code: verdict.code, field: publicField }, 'could not record WriteRejected');
  }
  throw new EngramError(verdict.code, `${publicField} was blocked: ${verdict.reason}`, {
    details: { field: publicField, reason: verdict.reason, match: verdict.match.slice(0, 120), rejectionEventId },
  });
}
