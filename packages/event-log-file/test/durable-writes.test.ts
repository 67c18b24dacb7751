import { constants } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleMessageObserved } from '@engram/testing';
import { firstSegment, openLog, tempDir } from './helpers';

/** The open-file flags of every descriptor of this process on `path` (Linux: /proc/self/fdinfo). */
async function flagsOf(path: string): Promise<number[]> {
  const out: number[] = [];
  for (const fd of await readdir('/proc/self/fd')) {
    const target = await readlink(`/proc/self/fd/${fd}`).catch(() => null);
    if (target !== path) continue;
    const info = await readFile(`/proc/self/fdinfo/${fd}`, 'utf8').catch(() => '');
    const m = /^flags:\s*([0-7]+)$/m.exec(info);
    if (m) out.push(parseInt(m[1]!, 8));
  }
  return out;
}

const linux = process.platform === 'linux';

// A group commit acknowledges after one write to the segment and one to ACKED, with no fdatasync
// of its own: what makes those writes durable when they return is that both files are open O_DSYNC.
describe.skipIf(!linux)(
  `file event log: the files an append writes are open O_DSYNC${linux ? '' : ' [skipped: not Linux]'}`,
  () => {
    let dir: string;
    let remove: () => Promise<void>;
    beforeEach(async () => void ({ dir, remove } = await tempDir('dsync')));
    afterEach(async () => remove());

    it('the active segment and the acknowledged-end watermark, on a new log, after a reopen and after a segment roll', async () => {
      const check = async (segment: string) => {
        for (const path of [segment, join(dir, 'ACKED')]) {
          const flags = await flagsOf(path);
          expect(flags.length, path).toBeGreaterThan(0);
          for (const f of flags) expect(f & constants.O_DSYNC, path).toBe(constants.O_DSYNC);
        }
      };
      let log = await openLog(dir);
      await log.append([sampleMessageObserved('t1', 'u1', 0)]);
      await check(firstSegment(dir));
      await log.close();
      log = await openLog(dir, { segmentBytes: 4096 });
      await check(firstSegment(dir));
      for (let i = 1; i < 40; i++) await log.append([sampleMessageObserved('t1', 'u1', i)]);
      const segments = (await readdir(join(dir, 'segments'))).filter((f) => f.endsWith('.seg')).sort();
      expect(segments.length).toBeGreaterThan(1);
      await check(join(dir, 'segments', segments[segments.length - 1]!));
      await log.close();
    });
  },
);
