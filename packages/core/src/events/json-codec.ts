import { EngramError } from '../errors';
import type { EventCodec } from '../ports/event-log';
import { EVENT_TYPES, type EngramEvent } from './types';

const KNOWN_TYPES: ReadonlySet<string> = new Set(EVENT_TYPES);
const REQUIRED_STRINGS = ['eventId', 'type', 'tenantId', 'userId', 'occurredAt', 'recordedAt'] as const;
const NULLABLE_STRINGS = ['agentId', 'sessionId', 'causationId', 'correlationId', 'keyId'] as const;

/**
 * UTF-8 JSON codec. Used by tests and tools until the Avro codec is wired in; it checks the
 * envelope but not payload shapes (no schemas here), so it must not be the production codec.
 */
export class JsonEventCodec implements EventCodec {
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  encode(event: EngramEvent): Uint8Array {
    checkEnvelope(event as unknown, 'encode');
    return this.encoder.encode(JSON.stringify(event));
  }

  decode(bytes: Uint8Array): EngramEvent {
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.decoder.decode(bytes));
    } catch (e) {
      throw new EngramError('DECODE_FAILED', `event bytes are not UTF-8 JSON: ${(e as Error).message}`, { cause: e });
    }
    // JSON written before events carried keyId (e.g. an older export) reads as written without a key.
    if (
      parsed &&
      typeof parsed === 'object' &&
      !Array.isArray(parsed) &&
      (parsed as Record<string, unknown>).keyId === undefined
    ) {
      (parsed as Record<string, unknown>).keyId = null;
    }
    checkEnvelope(parsed, 'decode');
    return parsed;
  }
}

function checkEnvelope(value: unknown, op: 'encode' | 'decode'): asserts value is EngramEvent {
  const code = op === 'encode' ? 'VALIDATION_FAILED' : 'DECODE_FAILED';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new EngramError(code, `cannot ${op} event: not an object`);
  }
  const v = value as Record<string, unknown>;
  for (const f of REQUIRED_STRINGS) {
    if (typeof v[f] !== 'string')
      throw new EngramError(code, `cannot ${op} event: ${f} must be a string`, { details: { field: f } });
  }
  for (const f of NULLABLE_STRINGS) {
    if (v[f] !== null && typeof v[f] !== 'string') {
      throw new EngramError(code, `cannot ${op} event: ${f} must be a string or null`, { details: { field: f } });
    }
  }
  if (!KNOWN_TYPES.has(v['type'] as string)) {
    throw new EngramError(
      op === 'decode' ? 'SCHEMA_UNKNOWN' : code,
      `cannot ${op} event: unknown type ${String(v['type'])}`,
      {
        details: { field: 'type' },
      },
    );
  }
  if (!Number.isSafeInteger(v['schemaVersion']) || (v['schemaVersion'] as number) < 1) {
    throw new EngramError(code, `cannot ${op} event: schemaVersion must be a positive integer`, {
      details: { field: 'schemaVersion' },
    });
  }
  if (typeof v['payload'] !== 'object' || v['payload'] === null || Array.isArray(v['payload'])) {
    throw new EngramError(code, `cannot ${op} event: payload must be an object`, { details: { field: 'payload' } });
  }
}
