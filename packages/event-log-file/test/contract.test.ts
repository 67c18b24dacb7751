import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonEventCodec, type EventLog } from '@engram/core';
import { eventLogContract } from '@engram/testing';
import { openFileEventLog } from '../src';

eventLogContract(
  'file',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-log-contract-'));
    const codec = new JsonEventCodec();
    const open = () => openFileEventLog({ dir, codec, segmentBytes: 4096 });
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
