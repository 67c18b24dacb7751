import { afterEach, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { currentSchemaVersion, type EngramEvent, type EventLog, type StoredEvent } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { eventStreamName } from '@engram/event-log-esdb';
import { EventStoreDBClient, FORWARDS, START } from '@eventstore/db-client';
import { describeWithServers, waitFor } from '@engram/testing';
import { openTestLog } from './esdb-harness';

const codec = createAvroEventCodec();

function memoryWritten(tenantId: string, userId: string, content: string): EngramEvent {
  const now = new Date().toISOString();
  return {
    eventId: randomUUID(),
    type: 'MemoryWritten',
    schemaVersion: currentSchemaVersion('MemoryWritten'),
    tenantId,
    userId,
    agentId: null,
    sessionId: null,
    occurredAt: now,
    recordedAt: now,
    causationId: null,
    correlationId: randomUUID(),
    keyId: null,
    payload: {
      memoryId: randomUUID(),
      type: 'USER',
      tier: 'SEMANTIC',
      key: 'pref.lang',
      content,
      tags: ['语言'],
      importance: 0.8,
      pinned: false,
      source: 'user_stated',
      confidence: 1,
      scope: null,
      metadata: { nested: { ok: true } },
      sourceMessageIds: [],
      episodeId: null,
      validFrom: null,
      validTo: null,
    },
  };
}

describeWithServers(['esdb'], 'EventStoreDB specifics', ({ esdb: url }) => {
  const toClose: EventLog[] = [];
  afterEach(async () => {
    await Promise.all(toClose.splice(0).map((l) => l.close()));
  });

  it('stores Avro single-object bytes with the event type and metadata, one stream per tenant + user', async () => {
    const { log, streamPrefix } = await openTestLog(url, codec);
    toClose.push(log);
    const tenant = 'acme-corp';
    const events = [memoryWritten(tenant, 'user-1', '喜欢中文'), memoryWritten(tenant, 'user-1', 'second')];
    const { positions, streamVersion } = await log.append(events, { expectedStreamVersion: 0 });
    expect(streamVersion).toBe(2);
    expect(positions[1]!.offset).toBeGreaterThan(positions[0]!.offset);

    const client = EventStoreDBClient.connectionString(url);
    try {
      const raw = [];
      for await (const r of client.readStream(eventStreamName(streamPrefix, tenant, 'user-1'), {
        direction: FORWARDS,
        fromRevision: START,
      }))
        raw.push(r.event!);
      expect(raw.map((e) => e.type)).toEqual(['MemoryWritten', 'MemoryWritten']);
      expect(raw.map((e) => e.id)).toEqual(events.map((e) => e.eventId));
      const data = raw[0]!.data as Uint8Array;
      expect([data[0], data[1]]).toEqual([0xc3, 0x01]);
      expect(Buffer.from(data.subarray(2, 10)).toString('hex')).toBe(codec.fingerprintOf('MemoryWritten'));
      expect(raw[0]!.metadata).toMatchObject({
        tenantId: tenant,
        userId: 'user-1',
        eventId: events[0]!.eventId,
        $correlationId: events[0]!.correlationId,
      });
    } finally {
      await client.dispose();
    }

    const read: StoredEvent[] = [];
    for await (const s of log.read()) read.push(s);
    expect(read.map((s) => s.event)).toEqual(events);
    expect(read.map((s) => s.position)).toEqual(positions);
  });

  it('keeps subscriptions to its own prefix and persists checkpoints across log instances', async () => {
    const a = await openTestLog(url, codec);
    const other = await openTestLog(url, codec);
    toClose.push(a.log, other.log);
    await other.log.append([memoryWritten('t', 'u', 'not for a')]);
    const mine = [memoryWritten('t', 'u', 'one'), memoryWritten('t', 'u', 'two')];
    await a.log.append(mine);
    const got: StoredEvent[] = [];
    const sub = await a.log.subscribe(async (batch) => void got.push(...batch), { name: 'projector' });
    await waitFor('own events delivered', () => got.length >= 2);
    await sub.close();
    expect(got.map((s) => s.event.eventId)).toEqual(mine.map((e) => e.eventId));

    const again = await openTestLog(url, codec, a.streamPrefix);
    toClose.push(again.log);
    const late = memoryWritten('t', 'u', 'three');
    await again.log.append([late]);
    const resumed: StoredEvent[] = [];
    await again.log.subscribe(async (batch) => void resumed.push(...batch), { name: 'projector' });
    await waitFor('resumed delivery', () => resumed.length >= 1);
    expect(resumed.map((s) => s.event.eventId)).toEqual([late.eventId]);
  });
});
