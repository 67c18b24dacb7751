import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngramError } from '@engram/core';
import { sampleMessageObserved } from '@engram/testing';
import { openLog, readAll, tempDir } from './helpers';

describe('file event log: an append acknowledged only after what it waits for (commitAfter)', () => {
  let dir: string;
  let remove: () => Promise<void>;
  beforeEach(async () => ({ dir, remove } = await tempDir('commit-after')));
  afterEach(async () => remove());

  it('holds the acknowledgement (and readers) until the promise resolves', async () => {
    const log = await openLog(dir);
    expect(log.cutsUnacknowledged).toBe(true);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let acked = false;
    const pending = log.append([sampleMessageObserved('t', 'u', 0)], { commitAfter: gate }).then((r) => {
      acked = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(acked).toBe(false);
    expect((await log.head()).get(0) ?? 0).toBe(0);
    expect(await readAll(log)).toHaveLength(0);
    release();
    expect((await pending).positions).toEqual([{ partition: 0, offset: 0 }]);
    expect(await readAll(log)).toHaveLength(1);
    await log.close();
  });

  it('fails every append of the batch when it rejects, and keeps nothing of it, across a restart too', async () => {
    let log = await openLog(dir);
    await log.append([sampleMessageObserved('t', 'u', 0)]);
    const refused = new EngramError('KEY_UNAVAILABLE', 'the key store cannot be written', { retriable: false });
    await expect(
      log.append([sampleMessageObserved('t', 'u', 1)], { commitAfter: Promise.reject(refused) }),
    ).rejects.toBe(refused);
    const next = await log.append([sampleMessageObserved('t', 'u', 2)]);
    expect(next.positions).toEqual([{ partition: 0, offset: 1 }]);
    await log.close();
    log = await openLog(dir);
    expect((await readAll(log)).map((s) => (s.event.payload as { content: string }).content)).toEqual(
      [0, 2].map((i) => (sampleMessageObserved('t', 'u', i).payload as { content: string }).content),
    );
    await log.close();
  });
});
