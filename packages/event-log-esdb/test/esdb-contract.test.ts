import { describe, it } from 'vitest';
import { JsonEventCodec, type EventLog } from '@engram/core';
import { eventLogContract } from '@engram/testing';
import { ESDB_URL, openTestLog } from './esdb-harness';

if (ESDB_URL) {
  const url = ESDB_URL;
  // The JSON codec keeps the suite about the log itself (the kafka and file logs run it the same
  // way); esdb-server.test.ts covers the Avro encoding on this server.
  eventLogContract(
    'eventstoredb',
    async () => {
      const codec = new JsonEventCodec();
      const opened = await openTestLog(url, codec);
      let log: EventLog = opened.log;
      return {
        log,
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
