import { randomBytes, randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll } from 'vitest';
import { createSealedEventLog, type DataKeyStore, type EventLog } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { openEsdbEventLog } from '@engram/event-log-esdb';
import { openKafkaEventLog } from '@engram/event-log-kafka';
import { openPglite } from '@engram/store-pglite';
import { describeWithServers, eventLogContract } from '@engram/testing';
import { createAesGcmCipher, createMasterKey, generateMasterKeyText, openSqlKeyStore, parseMasterKey } from '../src';

/**
 * The same sealing works on every log: the EventLog contract over sealed Kafka and EventStoreDB
 * logs, with the SQL key store (as distributed services share it).
 */
const codec = createAvroEventCodec();
const cipher = createAesGcmCipher();
const master = createMasterKey(parseMasterKey(generateMasterKeyText(), 'test'));
let keys: DataKeyStore;
let db: Awaited<ReturnType<typeof openPglite>>;
beforeAll(async () => {
  db = await openPglite();
  keys = await openSqlKeyStore({ db, master, eventKey: cipher.eventKey.bind(cipher) });
});
afterAll(async () => {
  await keys?.close();
  await db?.close();
});

describeWithServers(['kafka'], 'sealed Kafka log', ({ kafka }) => {
  const brokers = kafka.split(',');
  eventLogContract(
    'sealed kafka',
    async () => {
      const topic = `engram-test-sealed-${randomUUID().slice(0, 8)}`;
      const opened: EventLog[] = [];
      const open = async () => {
        const l = await openKafkaEventLog({ brokers, codec, topic, partitions: 3, retryBackoffMs: 20 });
        opened.push(l);
        return createSealedEventLog(l, { keys, cipher });
      };
      let log = await open();
      return {
        log,
        codec,
        async reopen() {
          await log.close();
          log = await open();
          return log;
        },
        async cleanup() {
          await Promise.all(opened.map((l) => l.close()));
          const admin = new Kafka({ clientId: 'engram-test-raw', brokers, logLevel: logLevel.NOTHING }).admin();
          await admin.connect();
          try {
            await admin.deleteTopics({ topics: [topic, `${topic}.dlq`] }).catch(() => undefined);
          } finally {
            await admin.disconnect();
          }
        },
      };
    },
    { optimisticConcurrency: false, streamVersion: false, reopen: true },
  );
});

describeWithServers(['esdb'], 'sealed EventStoreDB log', ({ esdb }) => {
  eventLogContract(
    'sealed eventstoredb',
    async () => {
      const streamPrefix = `t${randomBytes(6).toString('hex')}`;
      const open = async () =>
        createSealedEventLog(await openEsdbEventLog({ connectionString: esdb, codec, streamPrefix }), { keys, cipher });
      let log = await open();
      return {
        log,
        codec,
        async reopen() {
          await log.close();
          log = await open();
          return log;
        },
        cleanup: () => log.close(),
      };
    },
    { optimisticConcurrency: true, reopen: true },
  );
});
