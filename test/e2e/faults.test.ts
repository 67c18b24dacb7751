/**
 * The short version of `npm run bench -- faults` (issue 13 item 7): a few SIGKILLs under concurrent
 * writes with every acknowledged write checked and the read models compared with a clean replay, a
 * byte flipped in acknowledged log data, and (as root, on a tmpfs) the log's disk filling up.
 * Nothing here depends on machine speed: kills follow acknowledged-write counts, waits are for
 * conditions (with long bounds).
 */
import { describe, expect, it } from 'vitest';
import { tmpfsUnavailable } from '@engram/testing';
import { runCorruptByteCase, runDiskFullCase } from '../bench/faults/disk-cases';
import { runKillCampaign } from '../bench/faults/kill-campaign';

const LONG = 900_000;

describe('fault campaign (short): kills, a damaged byte, a full disk', () => {
  it(
    'loses, duplicates and misplaces no acknowledged write across SIGKILLs, and the read models equal a clean replay',
    async () => {
      const r = await runKillCampaign({ kills: 2, writers: 3, minAcksPerRound: 20, maxAcksPerRound: 40, seed: 7 });
      expect(r.problems).toEqual([]);
      expect(r.unexpectedAnswers).toEqual([]);
      expect(r.acknowledged).toBeGreaterThanOrEqual(40);
      expect({
        lost: r.lost,
        duplicated: r.duplicated,
        misplaced: r.misplaced,
        replayDiffers: r.replayDiffers,
      }).toEqual({ lost: 0, duplicated: 0, misplaced: 0, replayDiffers: [] });
      // Every write acknowledged before a kill is in the log after it.
      expect(r.logEvents).toBeGreaterThanOrEqual(r.acknowledged);
    },
    LONG,
  );

  it(
    'refuses to start on a byte flipped inside acknowledged data, names it, cuts nothing; verify reports it; repair + replay bring the rest back',
    async () => {
      const r = await runCorruptByteCase({ writes: 60 });
      expect(r.problems).toEqual([]);
      expect(r.startExitCode).not.toBe(0);
      expect(r.startError).toContain(r.segment);
      expect(r.nothingCut).toBe(true);
      expect(r.verifyExitCode).toBe(1);
      expect(r.verifyDamage).toMatchObject({ acknowledged: true, reason: expect.any(String) });
      expect(r.repairCutRecords).toBe(60 - r.verifyDamage!.offset);
      expect(r.recovered).toBe(true);
    },
    LONG,
  );

  const noTmpfs = tmpfsUnavailable();
  it.skipIf(noTmpfs !== null)(
    `refuses writes (503) and is not ready while the log's disk is full, and takes writes again once freed, without a restart${noTmpfs ? ` [skipped: ${noTmpfs}]` : ''}`,
    async () => {
      const r = await runDiskFullCase({ tmpfsBytes: 16 * 1024 * 1024, writesWhileFull: 10 });
      expect(r.problems).toEqual([]);
      expect(r.whileFull['503 LOG_UNAVAILABLE']).toBeGreaterThan(0);
      expect(r.readyWhileFull).toBe(503);
      expect(r.acceptedAfter).toBe(10);
      expect(r.readyAfter).toBe(200);
    },
    LONG,
  );
});
