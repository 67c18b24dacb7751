import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mountTmpfs, sampleMessageObserved, tmpfsUnavailable, waitFor, type Tmpfs } from '@engram/testing';
import type { EngramEvent } from '@engram/core';
import { captureLogger, openLog, readAll } from './helpers';

/** Writes until the file system is full; resolves with the filler's path. */
async function fill(dir: string): Promise<string> {
  const path = join(dir, 'filler');
  const fh = await open(path, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) await fh.write(chunk);
  } catch (e) {
    expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    await fh.close();
  }
  return path;
}

const unavailable = tmpfsUnavailable();

describe.skipIf(unavailable !== null)(
  `file event log on a full disk (a small tmpfs)${unavailable ? ` [skipped: ${unavailable}]` : ''}`,
  () => {
    let fs: Tmpfs | null = null;
    afterEach(() => {
      fs?.unmount();
      fs = null;
    });

    it('refuses appends while the disk is full (retriable LOG_UNAVAILABLE, not appendable) and takes them again once space returns, without a reopen', async () => {
      fs = mountTmpfs(4 * 1024 * 1024);
      const logger = captureLogger();
      const log = await openLog(join(fs.dir, 'log'), { logger });
      const accepted: EngramEvent[] = [];
      for (let i = 0; i < 20; i++) {
        const e = sampleMessageObserved('t1', 'u1', i);
        await log.append([e]);
        accepted.push(e);
      }
      const filler = await fill(fs.dir);
      let refused = 0;
      for (let i = 0; i < 5; i++) {
        const err = await log
          .append([
            {
              ...sampleMessageObserved('t1', 'u1', 100 + i),
              payload: { ...sampleMessageObserved('t1', 'u1', 0).payload, content: 'x'.repeat(8000) },
            } as EngramEvent,
          ])
          .then(
            () => null,
            (e: unknown) => e as { code: string; retriable: boolean },
          );
        if (err) {
          expect(err).toMatchObject({ code: 'LOG_UNAVAILABLE', retriable: true });
          refused++;
        }
      }
      expect(refused).toBeGreaterThan(0);
      expect(await log.health()).toMatchObject({
        appendable: false,
        reason: expect.stringMatching(/ENOSPC|no space/i),
      });
      expect(logger.lines.some((l) => /refusing appends until writing works again/.test(l.msg ?? ''))).toBe(true);

      await rm(filler);
      // The probe notices by itself, without traffic.
      await waitFor('the log to take appends again', async () => (await log.health()).appendable, 60_000);
      expect(await log.health()).toEqual({ appendable: true });
      const after = sampleMessageObserved('t1', 'u1', 999);
      const r = await log.append([after]);
      accepted.push(after);
      // Nothing acknowledged went missing and nothing refused was kept.
      expect((await readAll(log)).map((s) => s.event.eventId)).toEqual(accepted.map((e) => e.eventId));
      expect(r.positions[0]!.offset).toBe(accepted.length - 1);
      await log.close();
      const reopened = await openLog(join(fs.dir, 'log'));
      expect((await readAll(reopened)).map((s) => s.event.eventId)).toEqual(accepted.map((e) => e.eventId));
      await reopened.close();
    });
  },
);
