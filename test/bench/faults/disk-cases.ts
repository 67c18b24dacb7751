/**
 * Issue 13 item 7, the disk's faults against a real all-in-one process:
 *  - a byte flipped inside acknowledged data of the active log segment: the service refuses to
 *    start and names the segment and offset, nothing is cut, `engram log verify` reports it, and
 *    `engram log repair` + `engram replay` bring the service back;
 *  - the log's file system full (a small tmpfs, where root allows): writes are refused with 503 and
 *    /readyz is not ready while it is full; once space returns writes are accepted again and
 *    /readyz is ready, without a restart.
 */
import { mkdir, mkdtemp, open, readdir, readFile, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mountTmpfs } from '@engram/testing';
import { engramCli, start, waitForReadSide, waitForReady } from './service';

export interface CorruptCaseResult {
  acknowledged: number;
  segment: string;
  flippedByte: number;
  /** The refusing start: exit code and the error line naming segment and offset. */
  startExitCode: number | null;
  startError: string;
  /** The segment file is byte for byte what was damaged (nothing cut). */
  nothingCut: boolean;
  verifyExitCode: number | null;
  verifyDamage: { segment: number; offset: number; byte: number; reason: string; acknowledged: boolean } | null;
  repairCutRecords: number | null;
  /** After repair + replay the service starts and answers reads of the records before the damage. */
  recovered: boolean;
  problems: string[];
}

async function activeSegment(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'log', 'segments');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.seg')).sort();
  return join(dir, names[names.length - 1]!);
}

async function writeMemories(engram: Awaited<ReturnType<typeof start>>['engram'], n: number, tag: string) {
  const acks: Array<{ id: string; position: string }> = [];
  for (let i = 0; i < n; i++) {
    const r = await engram.request('POST', '/v1/memories', {
      userId: 'disk-user',
      type: 'USER',
      content: `Disk case ${tag} note ${i}: the parcel ${i * 7} went to shelf ${i % 13}.`,
    });
    if (r.status !== 202) throw new Error(`write ${i} answered ${r.status}: ${JSON.stringify(r.body)}`);
    acks.push({ id: r.body.id, position: r.body.position });
  }
  return acks;
}

export async function runCorruptByteCase(opts: { writes: number }): Promise<CorruptCaseResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'engram-corrupt-'));
  const problems: string[] = [];
  try {
    const { engram } = await start(dataDir);
    const acks = await writeMemories(engram, opts.writes, 'corrupt');
    await waitForReadSide(engram, 'disk-user', acks[acks.length - 1]!.position, 120_000);
    // Killed, not stopped: every write above was acknowledged, so all of it must come back.
    await engram.kill('SIGKILL');

    const segment = await activeSegment(dataDir);
    const original = await readFile(segment);
    const flippedByte = Math.floor(original.length / 2);
    const damaged = Buffer.from(original);
    damaged[flippedByte]! ^= 0x10;
    await writeFile(segment, damaged);

    let startExitCode: number | null = null;
    let startError = '';
    try {
      const again = await start(dataDir);
      await again.engram.kill('SIGKILL');
      problems.push('the service started on a log damaged inside acknowledged data');
    } catch (e) {
      const text = (e as Error).message;
      startExitCode = Number(/exited with (\d+)/.exec(text)?.[1] ?? NaN);
      startError =
        text.split('\n').find((l) => l.includes('LOG_CORRUPT') || l.includes('event log damaged')) ??
        text.slice(0, 400);
      if (!startError.includes(segment))
        problems.push(`the start-up error does not name the segment ${segment}: ${startError}`);
      if (!/record offset \d+/.test(startError))
        problems.push(`the start-up error does not name the record offset: ${startError}`);
    }
    const nothingCut = (await readFile(segment)).equals(damaged);
    if (!nothingCut) problems.push('the damaged segment was changed by the refused start');

    const verify = await engramCli(dataDir, ['log', 'verify', '--json']);
    const report = JSON.parse(verify.stdout || 'null') as {
      ok: boolean;
      damage: CorruptCaseResult['verifyDamage'] & { path: string };
      repair: { fromOffset: number; records: number } | null;
    } | null;
    if (verify.code !== 1) problems.push(`engram log verify exited ${verify.code} (expected 1): ${verify.stderr}`);
    if (!report?.damage?.acknowledged)
      problems.push(`engram log verify did not report damage inside acknowledged data: ${verify.stdout}`);

    let repairCutRecords: number | null = null;
    let recovered = false;
    if (report?.repair) {
      const cut = await engramCli(dataDir, [
        'log',
        'repair',
        '--truncate-at',
        String(report.repair.fromOffset),
        '--yes',
        '--json',
      ]);
      if (cut.code !== 0) problems.push(`engram log repair exited ${cut.code}: ${cut.stderr}`);
      repairCutRecords = (JSON.parse(cut.stdout || '{}') as { records?: number }).records ?? null;
      const replay = await engramCli(dataDir, ['replay']);
      if (replay.code !== 0) problems.push(`engram replay exited ${replay.code}: ${replay.stderr}`);
      const back = await start(dataDir);
      try {
        const kept = acks.slice(0, report.repair.fromOffset);
        if (kept.length > 0) await waitForReadSide(back.engram, 'disk-user', kept[kept.length - 1]!.position, 120_000);
        const missing = [];
        for (const a of kept)
          if ((await back.engram.request('GET', `/v1/memories/${a.id}?userId=disk-user`)).status !== 200)
            missing.push(a.id);
        if (missing.length > 0)
          problems.push(`${missing.length} writes before the cut are not readable after repair + replay`);
        const w = await back.engram.request('POST', '/v1/memories', {
          userId: 'disk-user',
          type: 'USER',
          content: 'Written after the repair: the ledger is in the blue folder.',
        });
        if (w.status !== 202) problems.push(`a write after the repair answered ${w.status}`);
        recovered = missing.length === 0 && w.status === 202;
      } finally {
        await back.engram.kill('SIGTERM');
      }
    }
    return {
      acknowledged: acks.length,
      segment,
      flippedByte,
      startExitCode,
      startError,
      nothingCut,
      verifyExitCode: verify.code,
      verifyDamage: report?.damage
        ? {
            segment: report.damage.segment,
            offset: report.damage.offset,
            byte: report.damage.byte,
            reason: report.damage.reason,
            acknowledged: report.damage.acknowledged,
          }
        : null,
      repairCutRecords,
      recovered,
      problems,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export interface DiskFullResult {
  tmpfsBytes: number;
  acceptedBefore: number;
  /** Answers to writes while full: status → count. */
  whileFull: Record<string, number>;
  readyWhileFull: number;
  readyReasonWhileFull: string;
  /** Writes accepted after the space came back (no restart). */
  acceptedAfter: number;
  readyAfter: number;
  problems: string[];
}

/** Fills the file system at `dir` with one file; resolves with its path. */
async function fill(dir: string): Promise<string> {
  const path = join(dir, 'filler');
  const fh = await open(path, 'w');
  const chunk = Buffer.alloc(256 * 1024, 7);
  try {
    for (;;) await fh.write(chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    await fh.close();
  }
  return path;
}

/** The log directory on its own small tmpfs (the read store stays on the normal disk): the log's disk fills up. */
export async function runDiskFullCase(opts: { tmpfsBytes: number; writesWhileFull: number }): Promise<DiskFullResult> {
  const dataDir = await mkdtemp(join(tmpdir(), 'engram-diskfull-'));
  const fs = mountTmpfs(opts.tmpfsBytes);
  const problems: string[] = [];
  try {
    await mkdir(join(fs.dir, 'log'));
    await symlink(join(fs.dir, 'log'), join(dataDir, 'log'), 'dir');
    const { engram } = await start(dataDir);
    try {
      const before = await writeMemories(engram, 20, 'before');
      await waitForReadSide(engram, 'disk-user', before[before.length - 1]!.position, 120_000);
      const filler = await fill(fs.dir);
      const whileFull: Record<string, number> = {};
      for (let i = 0; i < opts.writesWhileFull; i++) {
        const r = await engram.request('POST', '/v1/memories', {
          userId: 'disk-user',
          type: 'USER',
          content: `While full ${i}: ${'the archive box holds old letters. '.repeat(40)}`,
        });
        const key = `${r.status} ${r.body?.error?.code ?? ''}`.trim();
        whileFull[key] = (whileFull[key] ?? 0) + 1;
      }
      // A write that still fits in a page the log already holds is taken (and acknowledged); the rest are refused.
      for (const k of Object.keys(whileFull))
        if (k !== '202' && k !== '503 LOG_UNAVAILABLE')
          problems.push(`a write on a full disk answered ${k} (expected 503 LOG_UNAVAILABLE)`);
      if (!whileFull['503 LOG_UNAVAILABLE']) problems.push('no write was refused while the disk was full');
      const ready = await engram.request('GET', '/readyz');
      if (ready.status !== 503) problems.push(`/readyz answered ${ready.status} while the log's disk is full`);
      const readyReasonWhileFull = String(ready.body?.components?.log?.reason ?? JSON.stringify(ready.body));

      await unlink(filler);
      if ((await stat(fs.dir)).isDirectory() === false) throw new Error('tmpfs gone');
      let acceptedAfter = 0;
      let lastAccepted: { id: string; position: string } | null = null;
      const deadline = Date.now() + 60_000;
      // The first writes after the space returns may still meet the failure already seen; then they go through.
      while (acceptedAfter < 10 && Date.now() < deadline) {
        const r = await engram.request('POST', '/v1/memories', {
          userId: 'disk-user',
          type: 'USER',
          content: `After the space came back ${acceptedAfter}: the map is in drawer ${acceptedAfter}.`,
        });
        if (r.status === 202) {
          acceptedAfter++;
          lastAccepted = { id: r.body.id, position: r.body.position };
        } else if (r.status !== 503) problems.push(`a write after the space came back answered ${r.status}`);
        else await new Promise((res) => setTimeout(res, 100));
      }
      if (acceptedAfter < 10)
        problems.push(`only ${acceptedAfter} writes were accepted after the space came back (no restart)`);
      if (lastAccepted) {
        await waitForReadSide(engram, 'disk-user', lastAccepted.position, 120_000);
        if ((await engram.request('GET', `/v1/memories/${lastAccepted.id}?userId=disk-user`)).status !== 200)
          problems.push('a write accepted after the space came back is not readable');
      }
      const readyAfter = await waitForReady(engram, 60_000).then(
        () => 200,
        () => 503,
      );
      if (readyAfter !== 200) problems.push('/readyz did not become ready after the space came back');
      return {
        tmpfsBytes: opts.tmpfsBytes,
        acceptedBefore: before.length,
        whileFull,
        readyWhileFull: ready.status,
        readyReasonWhileFull,
        acceptedAfter,
        readyAfter,
        problems,
      };
    } finally {
      await engram.kill('SIGTERM');
    }
  } finally {
    fs.unmount();
    await rm(dataDir, { recursive: true, force: true });
  }
}
