/**
 * The fault campaign (issue 13 item 7) against the real all-in-one process:
 *   npm run bench -- faults [--kills 10] [--writers 4] [--min-acks 30] [--max-acks 150] [--seed 13]
 *                           [--catch-up-events 10000] [--catch-up-embedder hash|use|onnx]
 *                           [--skip kills,corrupt,disk-full,catch-up] [--out result.json]
 * 1. kills: concurrent writers, SIGKILL at a random moment each round (after a random number of
 *    acknowledged writes plus a random pause), restart; at the end every acknowledged write is
 *    checked in the log and the read models, and the read models are compared with a clean replay.
 * 2. corrupt: a byte flipped inside acknowledged data of the active segment (refused start, verify,
 *    repair, replay).
 * 3. disk-full: the log on a small tmpfs filled up, then freed (root only).
 * 4. catch-up: restart after SIGKILL at N acknowledged writes under load, from the snapshot and
 *    without one (full re-index), side by side.
 * Exits 1 when any case finds a problem.
 */
import { writeFile } from 'node:fs/promises';
import { tmpfsUnavailable } from '@engram/testing';
import { runCatchUp } from './faults/catch-up';
import { runCorruptByteCase, runDiskFullCase } from './faults/disk-cases';
import { runKillCampaign } from './faults/kill-campaign';

function option(argv: string[], name: string, fallback: string): string {
  const i = argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`--${name} needs a value`);
  return v;
}

function count(argv: string[], name: string, fallback: number, min = 0): number {
  const text = option(argv, name, String(fallback));
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`--${name} must be an integer ≥ ${min}, got ${text}`);
  return n;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default async function main(argv: string[]): Promise<void> {
  const skip = new Set(option(argv, 'skip', '').split(',').filter(Boolean));
  const out: Record<string, unknown> = { date: new Date().toISOString() };
  const problems: string[] = [];

  if (!skip.has('kills')) {
    const kills = count(argv, 'kills', 10, 1);
    const campaign = await runKillCampaign({
      kills,
      writers: count(argv, 'writers', 4, 1),
      minAcksPerRound: count(argv, 'min-acks', 30, 1),
      maxAcksPerRound: count(argv, 'max-acks', 150, 1),
      seed: count(argv, 'seed', 13),
    });
    out.kills = campaign;
    problems.push(...campaign.problems, ...campaign.unexpectedAnswers.map((a) => `unexpected answer: ${a}`));
    console.log(`\n## SIGKILL campaign (${campaign.kills} kills, ${campaign.writers} writers)`);
    console.log(
      '| round | acknowledged | unanswered | restart → healthy | restart → read side current | search index on restart |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const r of campaign.rounds) {
      const si = r.searchIndex
        ? `${r.searchIndex.rebuilt}, ${r.searchIndex.reused} vectors reused, ${r.searchIndex.embedded} embedded`
        : '—';
      console.log(
        `| ${r.round} | ${r.acks} | ${r.unanswered} | ${s(r.healthyMs)} | ${r.round === 0 ? '—' : s(r.catchUpMs)} | ${r.round === 0 ? '—' : si} |`,
      );
    }
    console.log(
      `\nacknowledged ${campaign.acknowledged}, lost ${campaign.lost}, duplicated ${campaign.duplicated}, at a reused position ${campaign.misplaced}, ` +
        `log events ${campaign.logEvents}, read models vs clean replay: ${campaign.replayDiffers.length === 0 ? 'identical' : `differ in ${campaign.replayDiffers.join(', ')}`}, ` +
        `catch-up after a kill: median ${s(campaign.catchUpMs.median)}, max ${s(campaign.catchUpMs.max)}`,
    );
  }

  if (!skip.has('corrupt')) {
    const c = await runCorruptByteCase({ writes: 200 });
    out.corrupt = c;
    problems.push(...c.problems);
    console.log('\n## A byte flipped in acknowledged data of the active segment');
    console.log(`writes acknowledged ${c.acknowledged}; flipped byte ${c.flippedByte} of ${c.segment}`);
    console.log(`start refused: exit ${c.startExitCode}, nothing cut: ${c.nothingCut}\n  ${c.startError}`);
    console.log(`engram log verify: exit ${c.verifyExitCode}, ${JSON.stringify(c.verifyDamage)}`);
    console.log(
      `engram log repair cut ${c.repairCutRecords} records; after repair + replay the service serves the rest: ${c.recovered}`,
    );
  }

  if (!skip.has('disk-full')) {
    const why = tmpfsUnavailable();
    if (why) {
      out.diskFull = { skipped: why };
      console.log(`\n## Full disk: not run here (${why})`);
    } else {
      const d = await runDiskFullCase({ tmpfsBytes: 16 * 1024 * 1024, writesWhileFull: 20 });
      out.diskFull = d;
      problems.push(...d.problems);
      console.log("\n## The log's disk full (16 MiB tmpfs), then freed");
      console.log(
        `while full: ${JSON.stringify(d.whileFull)}, /readyz ${d.readyWhileFull} (${d.readyReasonWhileFull})`,
      );
      console.log(`after freeing (no restart): ${d.acceptedAfter} writes accepted, /readyz ${d.readyAfter}`);
    }
  }

  if (!skip.has('catch-up')) {
    const events = count(argv, 'catch-up-events', 10_000, 1);
    const c = await runCatchUp({ events, writers: 8, embedder: option(argv, 'catch-up-embedder', 'hash') });
    out.catchUp = c;
    console.log(
      `\n## Catch-up after SIGKILL at ${c.events} acknowledged writes (${c.logEvents} log events, 8 writers, embedder ${c.embedder})`,
    );
    console.log('| restart | spawn → healthy | spawn → read side current | search index |');
    console.log('|---|---|---|---|');
    for (const r of c.runs) {
      const si = r.searchIndex
        ? `${r.searchIndex.rebuilt}: ${r.searchIndex.reused} vectors reused, ${r.searchIndex.embedded} embedded`
        : 'already current';
      console.log(`| ${r.label} | ${s(r.healthyMs)} | ${s(r.catchUpMs)} | ${si} |`);
    }
  }

  const file = option(argv, 'out', '');
  if (file) await writeFile(file, `${JSON.stringify(out, null, 2)}\n`);
  if (problems.length > 0) {
    console.log(
      `\nPROBLEMS (${problems.length}):\n${problems
        .slice(0, 50)
        .map((p) => `- ${p}`)
        .join('\n')}`,
    );
    process.exitCode = 1;
  } else {
    console.log('\nno problems found');
  }
}
