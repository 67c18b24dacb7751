import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId, type EngramEvent } from '@engram/core';
import { PROJECTORS } from '@engram/projections';
import { Lifecycle, createRootLogger, openFoundation, parseConfig } from '@engram/runtime';
import { sampleMessageObserved } from '@engram/testing';
import { catchUpProjectors } from '../src/catch-up';
import { cli, lastJson, tempDataDir } from './helpers/run-cli';

describe('engram log verify/repair and engram dead-letters', () => {
  let data: { dir: string; dispose: () => void };
  let env: Record<string, string>;
  beforeEach(() => {
    data = tempDataDir();
    env = { ENGRAM_DATA_DIR: data.dir };
  });
  afterEach(() => data.dispose());

  /** Opens the data directory as the service would, runs fn, closes it. */
  async function withFoundation<T>(fn: (f: Awaited<ReturnType<typeof openFoundation>>) => Promise<T>): Promise<T> {
    const cfg = parseConfig({ ...env, ENGRAM_EMBEDDER: 'hash' }, process.cwd());
    const logger = createRootLogger({ service: 'test', level: 'silent' });
    const life = new Lifecycle(logger);
    const f = await openFoundation(cfg, logger, life);
    try {
      return await fn(f);
    } finally {
      await life.stop();
    }
  }

  it('verify says ok, then names a flipped byte inside acknowledged data; repair reports what it would cut, and cuts only with --yes', async () => {
    const events = Array.from({ length: 30 }, (_, i) => sampleMessageObserved('t1', 'u1', i));
    await withFoundation(async (f) => {
      for (const e of events) await f.log.append([e]);
    });
    const ok = await cli(['log', 'verify', '--json'], env);
    expect(ok.code).toBe(0);
    expect(lastJson(ok.stdout)).toMatchObject({
      ok: true,
      records: 30,
      damage: null,
      acknowledged: { nextOffset: 30 },
    });

    const seg = join(data.dir, 'log', 'segments', `${'0'.repeat(20)}.seg`);
    const bytes = await readFile(seg);
    const recordBytes = (bytes.length - 8) / 30;
    bytes[8 + Math.floor(12.5 * recordBytes)]! ^= 0x10;
    await writeFile(seg, bytes);

    const bad = await cli(['log', 'verify'], env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/DAMAGE\s+segment .*record offset 12: crc mismatch \(inside acknowledged data/);
    expect(bad.stdout).toContain('engram log repair --truncate-at 12 --yes');
    const report = lastJson<{ repair: { fromOffset: number; records: number } }>(
      (await cli(['log', 'verify', '--json'], env)).stdout,
    );
    expect(report.repair).toMatchObject({ fromOffset: 12, records: 18 });

    const dry = await cli(['log', 'repair', '--truncate-at', '12'], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/would cut from offset 12 .*\n\s+18 records/);
    expect((await readFile(seg)).equals(bytes)).toBe(true);

    const cut = await cli(['log', 'repair', '--truncate-at', '12', '--yes', '--json'], env);
    expect(lastJson(cut.stdout)).toMatchObject({ applied: true, fromOffset: 12, records: 18 });
    expect(lastJson((await cli(['log', 'verify', '--json'], env)).stdout)).toMatchObject({ ok: true, records: 12 });
  });

  it('lists the dead letters of an event no projection can store and marks them for retry', async () => {
    const poison = { ...sampleMessageObserved('t1', 'u1', 1), eventId: newId() } as EngramEvent;
    (poison.payload as { content: string }).content = 'has a \u0000 in it';
    await withFoundation(async (f) => {
      await f.log.append([sampleMessageObserved('t1', 'u1', 0)]);
      await f.log.append([poison]);
      await f.log.append([sampleMessageObserved('t2', 'u2', 2)]);
      await catchUpProjectors(f.log, f.db, Object.values(PROJECTORS));
    });
    const list = await cli(['dead-letters', 'list', '--json'], env);
    expect(list.code).toBe(0);
    const out = lastJson<{
      deadLetters: Array<{ projection: string; eventId: string; code: string; status: string }>;
      counts: Record<string, number>;
    }>(list.stdout);
    expect(out.deadLetters.map((d) => d.projection).sort()).toEqual(['archival', 'episodic', 'semantic', 'working']);
    expect(
      out.deadLetters.every(
        (d) => d.eventId === poison.eventId && d.code === 'VALIDATION_FAILED' && d.status === 'dead',
      ),
    ).toBe(true);
    expect(out.counts).toEqual({ archival: 1, episodic: 1, semantic: 1, working: 1 });
    expect((await cli(['dead-letters', 'list'], env)).stdout).toMatch(/episodic\s+0:1\s+MessageObserved/);

    expect(lastJson((await cli(['dead-letters', 'retry', '--projection', 'episodic', '--json'], env)).stdout)).toEqual({
      requested: 1,
    });
    const after = lastJson<{ deadLetters: Array<{ projection: string; status: string }> }>(
      (await cli(['dead-letters', 'list', '--projection', 'episodic', '--json'], env)).stdout,
    );
    expect(after.deadLetters).toMatchObject([{ projection: 'episodic', status: 'retry_requested' }]);
  });
});
