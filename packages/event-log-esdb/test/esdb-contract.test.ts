import { describe, it } from 'vitest';
import type { EventLog } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { eventLogContract } from '@engram/testing';
import { ESDB_URL, openTestLog } from './esdb-harness';

if (ESDB_URL) {
  const url = ESDB_URL;
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
} else {
  describe.skip('EventLog contract: eventstoredb (skipped: set ENGRAM_TEST_ESDB_URL, e.g. esdb://127.0.0.1:2113?tls=false)', () => {
    it('runs against a real EventStoreDB server', () => {});
  });
}
