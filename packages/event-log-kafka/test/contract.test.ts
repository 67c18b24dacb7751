import type { EventLog } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { describeWithServers, eventLogContract } from '@engram/testing';
import { openTestLog } from './kafka-harness';

describeWithServers(['kafka'], 'Kafka event log (real broker)', ({ kafka }) => {
  const brokers = kafka.split(',');
  // Kafka has no conditional append and no per-key count: both are UNSUPPORTED (see README).
  // Held in a variable so a suite that learns a `streamVersion` capability picks it up.
  const caps = { optimisticConcurrency: false, streamVersion: false, reopen: true };
  const codec = createAvroEventCodec(); // the production codec
  eventLogContract(
    'kafka',
    async () => {
      const t = await openTestLog(brokers, codec, 'contract');
      let log: EventLog = t.log;
      return {
        log,
        codec,
        async reopen() {
          await log.close();
          log = await t.openAgain();
          return log;
        },
        cleanup: t.cleanup,
      };
    },
    caps,
  );
});
