import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonEventCodec, type EventCodec, type EventLog } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { eventLogContract, type EventLogHarness } from '@engram/testing';
import { openFileEventLog } from '../src';

function fileLogHarness(codec: EventCodec, segmentBytes?: number): () => Promise<EventLogHarness> {
  return async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-log-contract-'));
    const open = () => openFileEventLog({ dir, codec, ...(segmentBytes ? { segmentBytes } : {}) });
    let log: EventLog = await open();
    return {
      log,
      codec,
      async reopen() {
        await log.close();
        log = await open();
        return log;
      },
      async cleanup() {
        await log.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  };
}

// Small segments so the suite crosses segment boundaries.
eventLogContract('file', fileLogHarness(new JsonEventCodec(), 4096), { optimisticConcurrency: true, reopen: true });
// The log stores whatever bytes its injected codec produces: run the contract with the production codec too.
eventLogContract('file + avro codec', fileLogHarness(createAvroEventCodec()), {
  optimisticConcurrency: true,
  reopen: true,
});
