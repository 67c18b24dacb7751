import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventLog } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { eventLogContract } from '@engram/testing';
import { openFileEventLog } from '../src';

// The log stores whatever bytes its injected codec produces: run the contract with the production codec too.
const codec = createAvroEventCodec();

eventLogContract(
  'file + avro codec',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-log-avro-'));
    const open = () => openFileEventLog({ dir, codec });
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
  },
  { optimisticConcurrency: true, reopen: true },
);
