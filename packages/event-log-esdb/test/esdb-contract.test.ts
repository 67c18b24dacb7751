import type { EventLog } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { describeWithServers, eventLogContract } from '@engram/testing';
import { openTestLog } from './esdb-harness';

describeWithServers(['esdb'], 'EventStoreDB event log (real server)', ({ esdb: url }) => {
  // The production codec: events are stored as Avro single-object bytes.
  const codec = createAvroEventCodec();
  eventLogContract(
    'eventstoredb',
    async () => {
      const opened = await openTestLog(url, codec);
      let log: EventLog = opened.log;
      return {
        log,
        codec,
        async reopen() {
          await log.close();
          log = (await openTestLog(url, codec, opened.streamPrefix)).log;
          return log;
        },
        async cleanup() {
          await log.close();
        },
      };
    },
    { optimisticConcurrency: true, reopen: true },
  );
});
