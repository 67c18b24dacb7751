import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, type EngramEvent } from '@engram/core';
import { createAvroEventCodec, type ReleasedSchema } from '@engram/event-codec-avro';
import { SAMPLES } from './sample-events';

const codec = createAvroEventCodec();
const released = [...codec.catalogue.byType.values()].flat();
const ENVELOPE = [
  'eventId',
  'type',
  'tenantId',
  'userId',
  'agentId',
  'sessionId',
  'occurredAt',
  'recordedAt',
  'causationId',
  'correlationId',
] as const;

/** Samples built from the writer schema itself, so every field of that version is exercised. */
function randomSamples(
  schema: ReleasedSchema,
  count: number,
): Array<Record<string, unknown> & { type: EngramEvent['type'] }> {
  return Array.from({ length: count }, () => {
    const value = schema.avroType.random() as unknown as Record<string, unknown>;
    return { ...value, type: schema.type };
  });
}

describe('every released schema version is readable by the current reader', () => {
  it('the catalogue covers exactly the event types of @engram/core', () => {
    expect([...codec.catalogue.byType.keys()].sort()).toEqual([...EVENT_TYPES].sort());
    expect(codec.releasedVersions().filter((v) => v.current)).toHaveLength(EVENT_TYPES.length);
  });

  it('ships at least one real evolution', () => {
    expect(released.filter((s) => s.version > 1).map((s) => s.type)).toEqual(
      expect.arrayContaining(['MemoryWritten', 'ContradictionDetected']),
    );
  });

  it.each(released.map((s) => [s.file, s] as const))('%s decodes into the current shape', (_file, schema) => {
    const reader = codec.catalogue.current.get(schema.type)!;
    for (const sample of randomSamples(schema, 25)) {
      const decoded = codec.decode(codec.encodeWithVersion(sample, schema.version)) as unknown as Record<
        string,
        unknown
      >;
      expect(reader.avroType.isValid(decoded), JSON.stringify(decoded)).toBe(true);
      expect(decoded.schemaVersion).toBe(schema.version);
      for (const f of ENVELOPE) expect(decoded[f]).toEqual(sample[f]);
      expect(decoded.keyId).toEqual('keyId' in sample ? sample.keyId : null);
    }
  });
});

describe('hand-written samples of old versions', () => {
  it('MemoryAccessed v1 (ids only) decodes with a count of 1 per memory and one query', () => {
    const {
      counts: _c,
      queries: _q,
      ...v1Payload
    } = SAMPLES.MemoryAccessed[0]!.payload as Extract<EngramEvent, { type: 'MemoryAccessed' }>['payload'];
    const v1 = { ...SAMPLES.MemoryAccessed[0]!, payload: v1Payload } as unknown as EngramEvent;
    const decoded = codec.decode(codec.encodeWithVersion(v1, 1)) as Extract<EngramEvent, { type: 'MemoryAccessed' }>;
    expect(decoded.payload).toStrictEqual({ ...v1Payload, counts: [1, 1, 1], queries: 1 });
  });

  it('FactExtracted v1, v2 and MemoryWritten v2, v3 (no validTo) decode with validTo = null', () => {
    for (const [type, version] of [
      ['FactExtracted', 1],
      ['FactExtracted', 2],
      ['MemoryWritten', 2],
      ['MemoryWritten', 3],
    ] as const) {
      const sample = SAMPLES[type][0]! as EngramEvent & { payload: { validTo: string | null } };
      const { validTo: _v, ...old } = sample.payload;
      const decoded = codec.decode(
        codec.encodeWithVersion({ ...sample, payload: old } as unknown as EngramEvent, version),
      ) as typeof sample;
      expect(decoded.payload.validTo).toBeNull();
      expect(decoded.schemaVersion).toBe(version);
    }
  });

  it('MemoryWritten v1 (no validFrom) decodes with validFrom = null and every other field kept', () => {
    const { validFrom: _dropped, ...v1Payload } = SAMPLES.MemoryWritten[0]!.payload;
    const { keyId: _noKey, ...v1Envelope } = SAMPLES.MemoryWritten[0]!;
    const v1 = { ...v1Envelope, payload: v1Payload };
    const bytes = codec.encodeWithVersion(v1, 1);
    expect(codec.writerOf(bytes)).toMatchObject({ type: 'MemoryWritten', version: 1 });
    expect(codec.fingerprintOf('MemoryWritten', 1)).not.toBe(codec.fingerprintOf('MemoryWritten', 2));
    const decoded = codec.decode(bytes);
    expect(decoded).toStrictEqual({ ...v1, schemaVersion: 1, keyId: null, payload: { ...v1Payload, validFrom: null } });
  });

  it('an event written before envelopes carried keyId (MessageObserved v1) decodes with keyId = null', () => {
    const { keyId: _dropped, ...v1 } = SAMPLES.MessageObserved[0]!;
    const bytes = codec.encodeWithVersion(v1, 1);
    expect(codec.writerOf(bytes)).toMatchObject({ type: 'MessageObserved', version: 1 });
    expect(codec.decode(bytes)).toStrictEqual({ ...v1, schemaVersion: 1, keyId: null });
    const current = codec.decode(codec.encode(SAMPLES.MessageObserved[0]!));
    expect(current.keyId).toBe(SAMPLES.MessageObserved[0]!.keyId);
    expect(current.schemaVersion).toBe(2);
  });

  it('every current schema carries keyId in its envelope', () => {
    for (const [type, schema] of codec.catalogue.current) {
      const field = (schema.avroType.schema() as { fields: Array<{ name: string; type: unknown }> }).fields.find(
        (f) => f.name === 'keyId',
      );
      expect(field, type).toMatchObject({ type: ['null', 'string'] });
    }
  });

  it('MemoryWritten v1 still requires its required fields', () => {
    const { tags: _t, ...payload } = SAMPLES.MemoryWritten[1]!.payload;
    const broken = { ...SAMPLES.MemoryWritten[1]!, payload };
    expect(() => codec.encodeWithVersion(broken, 1)).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });

  it('ContradictionDetected v1 (confidence in percent, int) is upcast to a 0-1 fraction', () => {
    const current = SAMPLES.ContradictionDetected[0]!;
    const v1 = { ...current, payload: { ...current.payload, confidence: 75 } };
    const decoded = codec.decode(codec.encodeWithVersion(v1, 1));
    expect(decoded).toStrictEqual({
      ...current,
      schemaVersion: 1,
      keyId: null,
      payload: { ...current.payload, confidence: 0.75 },
    });
  });

  it('ContradictionDetected v1 rejects a fractional confidence (it was an int)', () => {
    const current = SAMPLES.ContradictionDetected[1]!;
    const fractional = { ...current, payload: { ...current.payload, confidence: 0.5 } };
    expect(() => codec.encodeWithVersion(fractional, 1)).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_FAILED', message: expect.stringContaining('payload.confidence') }),
    );
  });

  it('current-version events are not upcast', () => {
    const current = SAMPLES.ContradictionDetected[0]!;
    expect((codec.decode(codec.encode(current)) as typeof current).payload.confidence).toBe(0.75);
  });

  it('encodeWithVersion refuses a version that was never released', () => {
    expect(() => codec.encodeWithVersion(SAMPLES.SessionStarted[0]!, 9)).toThrowError(
      expect.objectContaining({ code: 'SCHEMA_UNKNOWN' }),
    );
  });
});
