import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { EngramError, JsonEventCodec, type StoredEvent, type Subscription } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { describeWithServers, sampleMessageObserved, waitFor } from '@engram/testing';
import { HEADER, headerString, openKafkaEventLog, groupIdOf } from '../src';
import { openTestLog, rawKafka, readRaw, type OpenedTestLog } from './kafka-harness';

const codec = createAvroEventCodec();

describeWithServers(['kafka'], 'Kafka event log: Kafka-specific behaviour', ({ kafka }) => {
  const brokers = kafka.split(',');
  const opened: OpenedTestLog[] = [];
  const subs: Subscription[] = [];
  const open = async (label: string, extra: Parameters<typeof openTestLog>[3] = {}) => {
    const t = await openTestLog(brokers, codec, label, extra);
    opened.push(t);
    return t;
  };
  afterEach(async () => {
    await Promise.all(subs.splice(0).map((s) => s.close()));
    await Promise.all(opened.splice(0).map((t) => t.cleanup()));
  });

  it('keys messages by <tenantId>/<userId>, keeping each user in one partition, and sets type/fingerprint headers', async () => {
    const { log, topic } = await open('keys', { partitions: 6 });
    const tenant = `t-${randomUUID()}`;
    const users = Array.from({ length: 12 }, (_, i) => `user-${i}`);
    for (let round = 0; round < 3; round++) {
      await Promise.all(users.map((u) => log.append([sampleMessageObserved(tenant, u, round)])));
    }
    const raw = await readRaw(brokers, topic, users.length * 3);
    const partitionsOfUser = new Map<string, Set<number>>();
    for (const { partition, message } of raw) {
      const key = message.key!.toString();
      expect(key.startsWith(`${tenant}/`)).toBe(true);
      const user = key.slice(tenant.length + 1);
      partitionsOfUser.set(user, (partitionsOfUser.get(user) ?? new Set()).add(partition));
      expect(partition).toBe(log.partitionOf(key));
      expect(headerString(message.headers, HEADER.eventType)).toBe('MessageObserved');
      expect(headerString(message.headers, HEADER.schemaFingerprint)).toBe(codec.fingerprintOf('MessageObserved'));
    }
    expect([...partitionsOfUser.keys()].sort()).toEqual([...users].sort());
    for (const parts of partitionsOfUser.values()) expect(parts.size).toBe(1);
    // Twelve users over six partitions do not all hash to one.
    expect(new Set([...partitionsOfUser.values()].map((s) => [...s][0])).size).toBeGreaterThan(1);
  });

  it('sends an undecodable message to the DLQ with its reason and origin, and delivers the events around it', async () => {
    const { log, topic } = await open('dlq-decode', { partitions: 1 });
    const tenant = `t-${randomUUID()}`;
    const before = await log.append([sampleMessageObserved(tenant, 'u', 1)]);
    const producer = rawKafka(brokers).producer();
    await producer.connect();
    const garbage = Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x01]);
    const [meta] = await producer.send({ topic, messages: [{ key: `${tenant}/u`, value: garbage, partition: 0 }] });
    await producer.disconnect();
    const after = await log.append([sampleMessageObserved(tenant, 'u', 2)]);

    const got: StoredEvent[] = [];
    subs.push(await log.subscribe(async (batch) => void got.push(...batch), { name: `dlq-${randomUUID()}` }));
    await waitFor('both valid events delivered', () => got.length >= 2);
    expect(got.map((s) => s.position)).toEqual([...before.positions, ...after.positions]);

    const [dead] = await readRaw(brokers, log.dlqTopic, 1);
    expect(dead!.message.value).toEqual(garbage);
    expect(dead!.message.key!.toString()).toBe(`${tenant}/u`);
    expect(headerString(dead!.message.headers, HEADER.dlqReason)).toBe('decode_failed');
    expect(headerString(dead!.message.headers, HEADER.dlqSourceTopic)).toBe(topic);
    expect(headerString(dead!.message.headers, HEADER.dlqSourcePartition)).toBe('0');
    expect(headerString(dead!.message.headers, HEADER.dlqSourceOffset)).toBe(meta!.baseOffset);
    expect(headerString(dead!.message.headers, HEADER.dlqError)).toMatch(/\S/);
    // read() refuses to pass over it silently: it names the position.
    await expect(async () => {
      for await (const _ of log.read()) void _;
    }).rejects.toMatchObject({ details: { partition: 0, offset: Number(meta!.baseOffset) } });
  });

  it('dead-letters only the event whose handler keeps failing, after maxHandlerRetries, and commits past it', async () => {
    const { log } = await open('dlq-handler', { partitions: 1, maxHandlerRetries: 2 });
    const tenant = `t-${randomUUID()}`;
    const events = Array.from({ length: 5 }, (_, i) => sampleMessageObserved(tenant, 'u', i));
    const { positions } = await log.append(events);
    const poison = events[2]!.eventId;
    const delivered: string[] = [];
    let poisonCalls = 0;
    const name = `poison-${randomUUID()}`;
    subs.push(
      await log.subscribe(
        async (batch) => {
          if (batch.some((s) => s.event.eventId === poison)) {
            poisonCalls++;
            throw new Error('cannot project this one');
          }
          delivered.push(...batch.map((s) => s.event.eventId));
        },
        { name, batchSize: 5 },
      ),
    );
    await waitFor('the four good events delivered', () => delivered.length >= 4);
    expect(delivered).toEqual(events.filter((e) => e.eventId !== poison).map((e) => e.eventId));
    // 3 attempts with the whole chunk, then 3 with the poison event alone.
    expect(poisonCalls).toBe(6);
    const [dead] = await readRaw(brokers, log.dlqTopic, 1);
    expect(headerString(dead!.message.headers, HEADER.dlqReason)).toBe('handler_failed');
    expect(headerString(dead!.message.headers, HEADER.dlqSourceOffset)).toBe(String(positions[2]!.offset));
    expect(headerString(dead!.message.headers, HEADER.dlqAttempts)).toBe('3');
    expect(headerString(dead!.message.headers, HEADER.dlqConsumer)).toBe(name);
    expect(headerString(dead!.message.headers, HEADER.dlqError)).toContain('cannot project this one');
    expect(codec.decode(dead!.message.value!).eventId).toBe(poison);
    const admin = rawKafka(brokers).admin();
    await admin.connect();
    const committed = async () => {
      const [t] = await admin.fetchOffsets({ groupId: groupIdOf(name), topics: [log.topic] });
      return Number(t!.partitions.find((p) => p.partition === 0)!.offset);
    };
    try {
      await waitFor(
        'the group to commit past the dead-lettered event (offset 5)',
        async () => (await committed()) === 5,
      );
    } finally {
      await admin.disconnect();
    }
  });

  it('keeps retrying a retriable failure (an outage) instead of dead-lettering', async () => {
    const { log } = await open('retriable', { partitions: 1, maxHandlerRetries: 1 });
    const tenant = `t-${randomUUID()}`;
    const event = sampleMessageObserved(tenant, 'u', 1);
    await log.append([event]);
    let failures = 0;
    const delivered: string[] = [];
    subs.push(
      await log.subscribe(
        async (batch) => {
          if (failures < 4) {
            failures++;
            throw new EngramError('STORE_UNAVAILABLE', 'database is down');
          }
          delivered.push(...batch.map((s) => s.event.eventId));
        },
        { name: `outage-${randomUUID()}` },
      ),
    );
    await waitFor('delivered once the store is back', () => delivered.length === 1);
    expect(failures).toBe(4);
    expect(delivered).toEqual([event.eventId]);
    const head = rawKafka(brokers).admin();
    await head.connect();
    const offsets = await head.fetchTopicOffsets(log.dlqTopic);
    await head.disconnect();
    expect(offsets.every((o) => o.high === '0')).toBe(true);
  });

  it('close() during retries stops without committing: the next subscriber of the name gets the event', async () => {
    const { log } = await open('close-retrying', { partitions: 1 });
    const tenant = `t-${randomUUID()}`;
    const event = sampleMessageObserved(tenant, 'u', 1);
    await log.append([event]);
    const name = `stuck-${randomUUID()}`;
    let attempts = 0;
    const stuck = await log.subscribe(
      async () => {
        attempts++;
        throw new EngramError('INDEX_UNAVAILABLE', 'index is down');
      },
      { name },
    );
    await waitFor('the handler is being retried', () => attempts >= 2);
    await stuck.close();
    const got: string[] = [];
    subs.push(await log.subscribe(async (b) => void got.push(...b.map((s) => s.event.eventId)), { name }));
    await waitFor('the event is delivered to the next subscriber', () => got.length >= 1);
    expect(got).toEqual([event.eventId]);
  });

  it('a consumer group resumes after the whole log is closed and reopened by another client', async () => {
    const t = await open('resume', { partitions: 3 });
    const tenant = `t-${randomUUID()}`;
    const name = `resume-${randomUUID()}`;
    const first = Array.from({ length: 6 }, (_, i) => sampleMessageObserved(tenant, `u${i % 3}`, i));
    for (const e of first) await t.log.append([e]);
    const seen1: string[] = [];
    const sub1 = await t.log.subscribe(async (b) => void seen1.push(...b.map((s) => s.event.eventId)), { name });
    await waitFor('first client consumed the history', () => seen1.length >= 6);
    await sub1.close();
    await t.log.close();

    const second = await t.openAgain();
    const later = Array.from({ length: 3 }, (_, i) => sampleMessageObserved(tenant, `u${i}`, 10 + i));
    for (const e of later) await second.append([e]);
    const seen2: string[] = [];
    subs.push(await second.subscribe(async (b) => void seen2.push(...b.map((s) => s.event.eventId)), { name }));
    await waitFor('second client consumed the new events', () => later.every((e) => seen2.includes(e.eventId)));
    expect(seen1.sort()).toEqual(first.map((e) => e.eventId).sort());
    // Everything before the close was committed: nothing of the first run comes again.
    expect(seen2.sort()).toEqual(later.map((e) => e.eventId).sort());
  });

  it('read from one position reads that partition only; a Map reads every partition from its start', async () => {
    const { log } = await open('read-from', { partitions: 4 });
    const tenant = `t-${randomUUID()}`;
    const appended = new Map<string, { id: string; partition: number; offset: number }>();
    for (let i = 0; i < 16; i++) {
      const e = sampleMessageObserved(tenant, `user-${i}`, i);
      const { positions } = await log.append([e]);
      appended.set(e.eventId, { id: e.eventId, ...positions[0]! });
    }
    const all = [...appended.values()];
    const target = all[9]!;
    const one: StoredEvent[] = [];
    for await (const s of log.read({ from: { partition: target.partition, offset: target.offset }, limit: 1 }))
      one.push(s);
    expect(one.map((s) => s.event.eventId)).toEqual([target.id]);
    const rest: StoredEvent[] = [];
    for await (const s of log.read({ from: { partition: target.partition, offset: target.offset } })) rest.push(s);
    expect(rest.map((s) => s.event.eventId)).toEqual(
      all.filter((a) => a.partition === target.partition && a.offset >= target.offset).map((a) => a.id),
    );
    const starts = new Map([[target.partition, target.offset + 1]]);
    const fromMap: StoredEvent[] = [];
    for await (const s of log.read({ from: starts })) fromMap.push(s);
    const expected = all.filter((a) => a.partition !== target.partition || a.offset > target.offset);
    expect(fromMap.map((s) => s.event.eventId).sort()).toEqual(expected.map((a) => a.id).sort());
    expect(new Set(all.map((a) => a.partition)).size).toBeGreaterThan(1);
  });

  it('rejects expectedStreamVersion and streamVersion as UNSUPPORTED without writing', async () => {
    const { log } = await open('unsupported');
    const headBefore = await log.head();
    await expect(log.append([sampleMessageObserved('t', 'u', 1)], { expectedStreamVersion: 0 })).rejects.toMatchObject({
      code: 'UNSUPPORTED',
    });
    await expect(log.streamVersion('t', 'u')).rejects.toMatchObject({ code: 'UNSUPPORTED' });
    expect(await log.head()).toEqual(headBefore);
  });

  it('keeps an existing topic and its partition count; ensureTopics is idempotent', async () => {
    const t = await open('existing', { partitions: 3 });
    const other = await t.openAgain({ partitions: 5 });
    expect(other.partitions).toBe(3);
    expect((await other.ensureTopics()).created).toEqual([]);
    expect([...(await other.head()).keys()].sort()).toEqual([0, 1, 2]);
  });

  it('fails to open with LOG_UNAVAILABLE when ensureTopics is off and the topic is missing', async () => {
    await expect(
      openKafkaEventLog({ brokers, codec, topic: `engram-missing-${randomUUID()}`, ensureTopics: false }),
    ).rejects.toMatchObject({ code: 'LOG_UNAVAILABLE' });
  });
});

describe('Kafka event log options (no broker needed)', () => {
  const json = new JsonEventCodec();
  it.each([
    [{ brokers: [], codec: json }, 'brokers'],
    [{ brokers: ['localhost'], codec: json }, 'brokers'],
    [{ brokers: ['127.0.0.1:9092'], codec: json, topic: 'bad topic' }, 'topic'],
    [{ brokers: ['127.0.0.1:9092'], codec: json, topic: 'a', dlqTopic: 'a' }, 'dlqTopic'],
    [{ brokers: ['127.0.0.1:9092'], codec: json, partitions: 0 }, 'partitions'],
    [{ brokers: ['127.0.0.1:9092'], codec: json, maxHandlerRetries: -1 }, 'maxHandlerRetries'],
  ])('rejects %o (%s) with CONFIG_INVALID', async (opts, field) => {
    await expect(openKafkaEventLog(opts)).rejects.toMatchObject({ code: 'CONFIG_INVALID', details: { field } });
  });
});
