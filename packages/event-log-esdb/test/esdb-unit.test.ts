import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { currentSchemaVersion, deterministicId, EngramError, JsonEventCodec, type EngramEvent } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { ANY, NO_STREAM, type AllStreamResolvedEvent } from '@eventstore/db-client';
import {
  checkpointStreamName,
  esdbEventIdOf,
  eventStreamName,
  expectedRevisionOf,
  offsetOf,
  openEsdbEventLog,
  parseEventStreamName,
  readStartFor,
} from '@engram/event-log-esdb';
import { toStoredEvent } from '../src/decode-recorded';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const codec = createAvroEventCodec();
function message(tenantId: string, userId: string): EngramEvent {
  return {
    eventId: '5b0c3c1e-8a51-4c1e-9d0a-2f7d1f3e9a10',
    type: 'MessageObserved',
    schemaVersion: currentSchemaVersion('MessageObserved'),
    tenantId,
    userId,
    agentId: null,
    sessionId: 's1',
    occurredAt: '2026-11-30T10:00:00.000Z',
    recordedAt: '2026-11-30T10:00:00.001Z',
    causationId: null,
    correlationId: null,
    keyId: null,
    payload: { messageId: 'm1', role: 'user', content: '你好', metadata: {} },
  };
}

function recorded(
  streamId: string,
  data: Uint8Array | Record<string, unknown>,
  commit: bigint,
  type = 'MessageObserved',
): AllStreamResolvedEvent {
  const isJson = !(data instanceof Uint8Array);
  return {
    event: {
      streamId,
      id: '5b0c3c1e-8a51-4c1e-9d0a-2f7d1f3e9a10',
      isJson,
      revision: 0n,
      type,
      created: new Date(),
      data,
      metadata: undefined,
      position: { commit, prepare: commit },
    },
  } as unknown as AllStreamResolvedEvent;
}

describe('stream names', () => {
  it('escapes the separator so tenant and user always parse back', () => {
    const cases: Array<[string, string]> = [
      ['acme', 'user-42'],
      ['a-b', 'c'],
      ['a', 'b-c'],
      ['租户', '用户 1/2'],
      ['$sys', 'x.y~z'],
    ];
    const names = new Set<string>();
    for (const [t, u] of cases) {
      const name = eventStreamName('engram', t, u);
      expect(name.startsWith('engram-')).toBe(true);
      expect(name.slice('engram-'.length).split('-')).toHaveLength(2);
      expect(parseEventStreamName('engram', name)).toEqual({ tenantId: t, userId: u });
      names.add(name);
    }
    expect(names.size).toBe(cases.length);
    expect(eventStreamName('engram', 'a-b', 'c')).not.toBe(eventStreamName('engram', 'a', 'b-c'));
  });

  it('keeps checkpoint streams outside the event stream prefix', () => {
    const cp = checkpointStreamName('engram', 'projector-working');
    expect(cp).toBe('engram:checkpoint-projector%2Dworking');
    expect(cp.startsWith('engram-')).toBe(false);
    expect(parseEventStreamName('engram', cp)).toBeNull();
    expect(parseEventStreamName('engram', 'engram-only')).toBeNull();
    expect(parseEventStreamName('engram', 'other-a-b')).toBeNull();
  });
});

describe('positions', () => {
  it('maps commit positions to even offsets and back to exact read starts', () => {
    expect(offsetOf({ commit: 1234n, prepare: 1234n })).toBe(2468);
    expect(readStartFor(2468)).toEqual({ start: { commit: 1234n, prepare: 1234n }, minOffset: 2468 });
    // "next offset" (last + 1) starts at the same record boundary and skips that record.
    expect(readStartFor(2469)).toEqual({ start: { commit: 1234n, prepare: 1234n }, minOffset: 2469 });
    expect(readStartFor(0)).toEqual({ start: 'start', minOffset: 0 });
    expect(readStartFor(-5)).toEqual({ start: 'start', minOffset: 0 });
  });

  it('refuses a commit position beyond safe integer offsets', () => {
    expect(() => offsetOf({ commit: 2n ** 53n, prepare: 0n })).toThrowError(
      expect.objectContaining({ code: 'LOG_CORRUPT' }),
    );
  });
});

describe('append options and ids', () => {
  it('maps expectedStreamVersion to an expected revision', () => {
    expect(expectedRevisionOf(undefined)).toBe(ANY);
    expect(expectedRevisionOf({})).toBe(ANY);
    expect(expectedRevisionOf({ expectedStreamVersion: 0 })).toBe(NO_STREAM);
    expect(expectedRevisionOf({ expectedStreamVersion: 3 })).toBe(2n);
    expect(() => expectedRevisionOf({ expectedStreamVersion: -1 })).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    expect(() => expectedRevisionOf({ expectedStreamVersion: 1.5 })).toThrowError(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });

  it('uses UUID event ids as is and derives a stable UUID from others', () => {
    expect(esdbEventIdOf('5B0C3C1E-8A51-4C1E-9D0A-2F7D1F3E9A10')).toBe('5b0c3c1e-8a51-4c1e-9d0a-2f7d1f3e9a10');
    expect(esdbEventIdOf('evt:42')).toBe(deterministicId('engram-esdb-event', 'evt:42'));
    expect(esdbEventIdOf('evt:42')).toBe(esdbEventIdOf('evt:42'));
  });
});

describe('decoding $all records', () => {
  it('decodes an Engram record with its position', () => {
    const e = message('acme', 'u-1');
    const stored = toStoredEvent(
      recorded(eventStreamName('engram', 'acme', 'u-1'), codec.encode(e), 500n),
      'engram',
      codec,
    );
    expect(stored).toEqual({ event: e, position: { partition: 0, offset: 1000 } });
  });

  it('ignores records of other streams and system events', () => {
    const bytes = codec.encode(message('acme', 'u1'));
    expect(toStoredEvent(recorded('$stats-127.0.0.1:2113', bytes, 1n), 'engram', codec)).toBeNull();
    expect(toStoredEvent(recorded('other-acme-u1', bytes, 1n), 'engram', codec)).toBeNull();
    expect(
      toStoredEvent(recorded(eventStreamName('engram', 'acme', 'u1'), bytes, 1n, '$metadata'), 'engram', codec),
    ).toBeNull();
    expect(toStoredEvent({} as AllStreamResolvedEvent, 'engram', codec)).toBeNull();
  });

  it('refuses JSON records and events filed under the wrong stream', () => {
    const stream = eventStreamName('engram', 'acme', 'u1');
    expect(() => toStoredEvent(recorded(stream, { hello: 'json' }, 1n), 'engram', codec)).toThrowError(
      expect.objectContaining({ code: 'DECODE_FAILED' }),
    );
    const misfiled = codec.encode(message('acme', 'someone-else'));
    expect(() => toStoredEvent(recorded(stream, misfiled, 1n), 'engram', codec)).toThrowError(
      expect.objectContaining({ code: 'LOG_CORRUPT' }),
    );
  });
});

describe('opening and failures (no server needed)', () => {
  it('rejects a bad prefix or connection string with CONFIG_INVALID', async () => {
    await expect(
      openEsdbEventLog({ connectionString: 'esdb://127.0.0.1:1?tls=false', codec, streamPrefix: 'has-dash' }),
    ).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
    await expect(openEsdbEventLog({ connectionString: 'not a connection string', codec })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
  });

  it('validates appends before contacting the server', async () => {
    const log = await openEsdbEventLog({
      connectionString: `esdb://127.0.0.1:${await closedPort()}?tls=false`,
      codec: new JsonEventCodec(),
    });
    try {
      await expect(log.append([])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(log.append([message('t', 'a'), message('t', 'b')])).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      await expect(log.append([message('t', 'a')], { expectedStreamVersion: -2 })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
      await expect(log.append([message('t', 'a'), message('t', 'a')])).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('same eventId'),
      });
    } finally {
      await log.close();
    }
  });

  it('reports an unreachable server as retriable LOG_UNAVAILABLE and refuses calls after close', async () => {
    const log = await openEsdbEventLog({ connectionString: `esdb://127.0.0.1:${await closedPort()}?tls=false`, codec });
    const err = await log.streamVersion('t', 'u').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngramError);
    expect(err).toMatchObject({ code: 'LOG_UNAVAILABLE', retriable: true });
    await expect(log.append([message('t', 'u')])).rejects.toMatchObject({ code: 'LOG_UNAVAILABLE' });
    await log.close();
    await expect(log.head()).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
  });
});
