import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import avro from 'avsc';
import { EngramError } from '@engram/core';
import { createAvroEventCodec, DEFAULT_SCHEMAS_DIR, frameSingleObject } from '@engram/event-codec-avro';
import { SAMPLES } from './sample-events';

const codec = createAvroEventCodec();
const good = codec.encode(SAMPLES.MessageObserved[0]!);

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EngramError);
    return (e as EngramError).code;
  }
  throw new Error('expected a throw');
}

describe('decode errors have stable codes', () => {
  it('unknown fingerprint -> SCHEMA_UNKNOWN with the fingerprint in details', () => {
    const bytes = Uint8Array.from(good);
    bytes.set([1, 2, 3, 4, 5, 6, 7, 8], 2);
    expect(codeOf(() => codec.decode(bytes))).toBe('SCHEMA_UNKNOWN');
    expect(() => codec.decode(bytes)).toThrowError(
      expect.objectContaining({ details: { fingerprint: '0102030405060708' } }),
    );
  });

  it('truncated bodies -> DECODE_FAILED', () => {
    for (const cut of [good.length - 1, Math.floor(good.length / 2), 11]) {
      expect(
        codeOf(() => codec.decode(good.subarray(0, cut))),
        `cut at ${cut}`,
      ).toBe('DECODE_FAILED');
    }
  });

  it('short input, wrong marker, trailing garbage -> DECODE_FAILED', () => {
    expect(codeOf(() => codec.decode(new Uint8Array()))).toBe('DECODE_FAILED');
    expect(codeOf(() => codec.decode('c301' as unknown as Uint8Array))).toBe('DECODE_FAILED');
    expect(codeOf(() => codec.decode(good.subarray(0, 9)))).toBe('DECODE_FAILED');
    const wrongMarker = Uint8Array.from(good);
    wrongMarker[1] = 0x02;
    expect(codeOf(() => codec.decode(wrongMarker))).toBe('DECODE_FAILED');
    expect(codeOf(() => codec.decode(Uint8Array.from([...good, 0x00])))).toBe('DECODE_FAILED');
  });

  it('a json field that is not a JSON object -> DECODE_FAILED', () => {
    // Same canonical form (logicalType is not part of it), so the fingerprint is the real one.
    const schema = JSON.parse(readFileSync(join(DEFAULT_SCHEMAS_DIR, 'events/MessageObserved/v1.avsc'), 'utf8'));
    const plain = avro.Type.forSchema(schema);
    const fp = codec.catalogue.current.get('MessageObserved')!.fingerprint;
    for (const metadata of ['not json', '[1,2]', 'null']) {
      const body = plain.toBuffer({
        ...SAMPLES.MessageObserved[0]!,
        schemaVersion: 1,
        payload: { ...SAMPLES.MessageObserved[0]!.payload, metadata },
      });
      expect(
        codeOf(() => codec.decode(frameSingleObject(fp, body))),
        metadata,
      ).toBe('DECODE_FAILED');
    }
  });

  it('a type field that disagrees with the schema -> DECODE_FAILED', () => {
    const schema = codec.catalogue.current.get('SessionStarted')!;
    const body = schema.avroType.toBuffer({ ...SAMPLES.SessionStarted[0]!, type: 'SessionEnded', schemaVersion: 1 });
    expect(codeOf(() => codec.decode(frameSingleObject(schema.fingerprint, body)))).toBe('DECODE_FAILED');
  });

  it('decodes from a subarray view with a non-zero byteOffset', () => {
    const padded = new Uint8Array(good.length + 7);
    padded.set(good, 7);
    expect(codec.decode(padded.subarray(7))).toStrictEqual(codec.decode(good));
  });
});
