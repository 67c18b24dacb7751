import { spawn, spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleMessageObserved, waitFor } from '@engram/testing';
import type { StoredEvent } from '@engram/core';
import { captureLogger, openLog, readAll, tempDir } from './helpers';

const tryOpen = fileURLToPath(new URL('./fixtures/try-open.ts', import.meta.url));

function runTryOpen(dir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', tryOpen, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(out.trim()));
  });
}

describe('file event log: lock, close and subscriptions', () => {
  let dir: string;
  let remove: () => Promise<void>;
  beforeEach(async () => ({ dir, remove } = await tempDir('life')));
  afterEach(async () => remove());

  it('a second open of the same directory fails, in this process and in another', async () => {
    const log = await openLog(dir);
    await expect(openLog(dir)).rejects.toMatchObject({ code: 'LOG_UNAVAILABLE' });
    expect(await runTryOpen(dir)).toBe('LOG_UNAVAILABLE');
    await log.close();
    expect(await runTryOpen(dir)).toBe('opened');
    const again = await openLog(dir);
    await again.close();
  });

  it('takes over a lock left by a dead process', async () => {
    const dead = spawnSync(process.execPath, ['-e', '0']);
    await writeFile(
      join(dir, 'LOCK'),
      JSON.stringify({ pid: dead.pid, hostname: hostname(), acquiredAt: new Date().toISOString() }),
    );
    const logger = captureLogger();
    const log = await openLog(dir, { logger });
    expect(logger.lines.some((l) => l.level === 'warn' && /stale/.test(l.msg ?? ''))).toBe(true);
    await log.close();
  });

  it('treats a lock naming this pid, not held by this process, as left by an earlier process', async () => {
    await writeFile(
      join(dir, 'LOCK'),
      JSON.stringify({ pid: process.pid, hostname: hostname(), acquiredAt: '2020-01-01T00:00:00Z' }),
    );
    const logger = captureLogger();
    const log = await openLog(dir, { logger });
    expect(logger.lines.some((l) => l.level === 'warn' && /stale/.test(l.msg ?? ''))).toBe(true);
    await expect(openLog(dir)).rejects.toMatchObject({ code: 'LOG_UNAVAILABLE' });
    await log.close();
  });

  it('lets exactly one of two concurrent opens in one process win', async () => {
    const results = await Promise.allSettled([openLog(dir), openLog(dir)]);
    const opened = results.filter((r) => r.status === 'fulfilled');
    expect(opened).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failed.reason).toMatchObject({ code: 'LOG_UNAVAILABLE' });
    await (opened[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof openLog>>>).value.close();
  });

  it('close flushes queued appends, then refuses new work with SHUTTING_DOWN', async () => {
    const log = await openLog(dir, { groupCommitMaxDelayMs: 5 });
    const pending = Array.from({ length: 50 }, (_, i) => log.append([sampleMessageObserved('t', `u${i % 4}`, i)]));
    await log.close();
    const results = await Promise.all(pending);
    expect(results.map((r) => r.positions[0]!.offset).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    await expect(log.append([sampleMessageObserved('t', 'u', 1)])).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
    expect(() => log.read()).toThrow(expect.objectContaining({ code: 'SHUTTING_DOWN' }));
    const reopened = await openLog(dir);
    expect(await readAll(reopened)).toHaveLength(50);
    await reopened.close();
  });

  it('groups concurrent appends and gives each its own positions and stream version', async () => {
    const log = await openLog(dir);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => log.append([sampleMessageObserved('t', 'same', i)])),
    );
    const offsets = results.map((r) => r.positions[0]!.offset);
    // Appends to one stream are committed in call order.
    expect(offsets).toEqual(Array.from({ length: 200 }, (_, i) => i));
    expect(results.map((r) => r.streamVersion)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const stats = log.stats();
    expect(stats.appendsCommitted).toBe(200);
    expect(stats.eventsCommitted).toBe(200);
    // Appends queued while a write + fdatasync is in flight share the next one.
    expect(stats.groupCommits).toBeLessThan(20);
    await log.close();
  });

  it('resumes a consumer exactly after a clean close, and checkpoints survive a reopen', async () => {
    let log = await openLog(dir);
    for (let i = 0; i < 5; i++) await log.append([sampleMessageObserved('t', 'u', i)]);
    const got: StoredEvent[] = [];
    let sub = await log.subscribe(async (b) => void got.push(...b), { name: 'projector:working', batchSize: 2 });
    await waitFor('first five', () => got.length === 5);
    await sub.close();
    await log.close();
    log = await openLog(dir);
    for (let i = 5; i < 8; i++) await log.append([sampleMessageObserved('t', 'u', i)]);
    sub = await log.subscribe(async (b) => void got.push(...b), { name: 'projector:working' });
    await waitFor('next three', () => got.length >= 8);
    expect(got.map((s) => s.position.offset)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    await sub.close();
    await log.close();
  });

  it('writes a consumer checkpoint file at most once per interval, and the last position on close', async () => {
    const log = await openLog(dir, { consumerCheckpointEveryMs: 60_000 });
    const got: StoredEvent[] = [];
    const sub = await log.subscribe(async (b) => void got.push(...b), { name: 'slow-saver', batchSize: 1 });
    for (let i = 0; i < 4; i++) {
      await log.append([sampleMessageObserved('t', 'u', i)]);
      await waitFor(`event ${i}`, () => got.length === i + 1);
    }
    // The first batch was saved at once; the three after it wait for the interval.
    const file = join(dir, 'consumers', 'slow-saver.json');
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ nextOffset: 1 });
    await sub.close();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ nextOffset: 4 });
    await log.close();
  });

  it('rejects a second live subscription under the same name and a bad batch size', async () => {
    const log = await openLog(dir);
    const sub = await log.subscribe(async () => undefined, { name: 'c' });
    await expect(log.subscribe(async () => undefined, { name: 'c' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(log.subscribe(async () => undefined, { name: 'd', batchSize: 0 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(log.subscribe(async () => undefined, { name: '' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await sub.close();
    const again = await log.subscribe(async () => undefined, { name: 'c' });
    await again.close();
    await log.close();
  });

  it('log close stops open subscriptions after their in-flight batch', async () => {
    const log = await openLog(dir);
    await log.append([sampleMessageObserved('t', 'u', 1)]);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let entered = false;
    let finished = false;
    await log.subscribe(
      async () => {
        entered = true;
        await gate;
        finished = true;
      },
      { name: 'slow' },
    );
    await waitFor('handler entered', () => entered);
    const closing = log.close();
    release();
    await closing;
    expect(finished).toBe(true);
  });

  it('rejects bad options and bad reads with clear codes', async () => {
    await expect(openLog(dir, { segmentBytes: 10 })).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    const log = await openLog(dir);
    await expect(log.append([sampleMessageObserved('t', 'u', 1)], { expectedStreamVersion: -1 })).rejects.toMatchObject(
      { code: 'VALIDATION_FAILED' },
    );
    expect(() => log.read({ from: { partition: 3, offset: 0 } })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    const bad = { ...sampleMessageObserved('t', 'u', 1), tenantId: '' };
    await expect(log.append([bad])).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const big = sampleMessageObserved('t', 'u', 2);
    const huge = { ...big, payload: { ...big.payload, content: 'x'.repeat(9 * 1024 * 1024) } } as typeof big;
    await expect(log.append([huge])).rejects.toMatchObject({ code: 'CONTENT_TOO_LARGE' });
    expect((await log.head()).get(0)).toBe(0);
    await log.close();
  });
});
