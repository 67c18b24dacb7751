import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { textIndexContract, vectorIndexContract } from '@engram/testing';
import { createLocalTextIndex, createLocalVectorIndex } from '@engram/index-local';

textIndexContract('local (in memory)', () => createLocalTextIndex());
vectorIndexContract('local (in memory)', () => createLocalVectorIndex());

// The same behaviour after a snapshot round-trip through disk.
vectorIndexContract('local (reloaded from snapshot)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'engram-vec-contract-'));
  const first = await createLocalVectorIndex({ dir });
  await first.snapshot({ at: 0 });
  await first.close();
  return { index: await createLocalVectorIndex({ dir }), teardown: () => rm(dir, { recursive: true, force: true }) };
});
