import { describe, expect, it } from 'vitest';
import { currentSchemaVersion, EVENT_TYPES, type EngramEvent } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { ALL_SAMPLES, SAMPLES } from './sample-events';

const codec = createAvroEventCodec();

describe('Avro event codec round trip', () => {
  it('has a sample for every event type', () => {
    for (const type of EVENT_TYPES) expect(SAMPLES[type].length, type).toBeGreaterThan(0);
  });

  it.each(
    ALL_SAMPLES.map((e) => [`${e.type} ${e.eventId}`, { ...e, schemaVersion: currentSchemaVersion(e.type) }] as const),
  )('round-trips %s exactly', (_name, event) => {
    expect(codec.decode(codec.encode(event))).toStrictEqual(event);
  });

  it('stamps the version of the schema it writes with, whatever the caller put', () => {
    const stale = { ...SAMPLES.MemoryWritten[0]!, schemaVersion: 1 };
    expect(codec.currentVersion('MemoryWritten')).toBe(currentSchemaVersion('MemoryWritten'));
    expect(codec.currentVersion('MemoryWritten')).toBeGreaterThan(1);
    expect(codec.decode(codec.encode(stale)).schemaVersion).toBe(currentSchemaVersion('MemoryWritten'));
  });

  it('writes Avro single-object encoding with the current schema fingerprint', () => {
    const event = SAMPLES.MessageObserved[0]!;
    const bytes = codec.encode(event);
    expect([bytes[0], bytes[1]]).toEqual([0xc3, 0x01]);
    expect(Buffer.from(bytes.subarray(2, 10)).toString('hex')).toBe(codec.fingerprintOf('MessageObserved'));
    expect(codec.writerOf(bytes)).toEqual({
      type: 'MessageObserved',
      version: currentSchemaVersion('MessageObserved'),
      fingerprintHex: codec.fingerprintOf('MessageObserved'),
    });
  });

  it('returns plain objects (no avsc record classes)', () => {
    const decoded = codec.decode(codec.encode(SAMPLES.ContradictionDetected[0]!)) as EngramEvent & {
      type: 'ContradictionDetected';
    };
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(decoded.payload)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(decoded.payload.candidate)).toBe(Object.prototype);
  });

  it('rejects an event that does not match its schema, naming the field', () => {
    const bad = {
      ...SAMPLES.MessageObserved[0]!,
      payload: { ...SAMPLES.MessageObserved[0]!.payload, role: 'robot' },
    } as unknown as EngramEvent;
    expect(() => codec.encode(bad)).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_FAILED', message: expect.stringContaining('payload.role') }),
    );
    const arrayMeta = {
      ...SAMPLES.MessageObserved[0]!,
      payload: { ...SAMPLES.MessageObserved[0]!.payload, metadata: [1, 2] },
    } as unknown as EngramEvent;
    expect(() => codec.encode(arrayMeta)).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_FAILED', message: expect.stringContaining('payload.metadata') }),
    );
  });

  it('rejects an unknown event type with SCHEMA_UNKNOWN', () => {
    const bad = { ...SAMPLES.SessionStarted[0]!, type: 'SessionPaused' } as unknown as EngramEvent;
    expect(() => codec.encode(bad)).toThrowError(expect.objectContaining({ code: 'SCHEMA_UNKNOWN' }));
  });
});
