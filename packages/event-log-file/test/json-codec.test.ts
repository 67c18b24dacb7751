import { describe, expect, it } from 'vitest';
import { JsonEventCodec, type EngramEvent } from '@engram/core';
import { sampleMessageObserved } from '@engram/testing';

describe('JsonEventCodec', () => {
  const codec = new JsonEventCodec();

  it('round-trips an event through UTF-8 JSON', () => {
    const e = sampleMessageObserved('tenant', 'user', 1);
    const bytes = codec.encode(e);
    expect(new TextDecoder().decode(bytes)).toContain('日本語');
    expect(codec.decode(bytes)).toEqual(e);
  });

  it('refuses bytes that are not a valid event envelope', () => {
    const enc = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
    expect(() => codec.decode(new Uint8Array([0xff, 0xfe]))).toThrow(
      expect.objectContaining({ code: 'DECODE_FAILED' }),
    );
    expect(() => codec.decode(enc([1, 2]))).toThrow(expect.objectContaining({ code: 'DECODE_FAILED' }));
    const e = sampleMessageObserved('tenant', 'user', 1);
    expect(() => codec.decode(enc({ ...e, type: 'Nope' }))).toThrow(
      expect.objectContaining({ code: 'SCHEMA_UNKNOWN' }),
    );
    expect(() => codec.decode(enc({ ...e, userId: 5 }))).toThrow(expect.objectContaining({ code: 'DECODE_FAILED' }));
    expect(() => codec.decode(enc({ ...e, payload: null }))).toThrow(
      expect.objectContaining({ code: 'DECODE_FAILED' }),
    );
    expect(() => codec.encode({ ...e, schemaVersion: 0 } as EngramEvent)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });
});
