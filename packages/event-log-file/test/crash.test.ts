import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleMessageObserved } from '@engram/testing';
import { captureLogger, openLog, readAll, tempDir } from './helpers';

const appendLoop = fileURLToPath(new URL('./fixtures/append-loop.ts', import.meta.url));

/** Runs the append loop until it has acknowledged `acks` events, then SIGKILLs it. */
async function appendThenKill(dir: string, acks: number): Promise<Map<number, string>> {
  const child = spawn(process.execPath, ['--import', 'tsx', appendLoop, dir, '8'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const acked = new Map<number, string>();
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const lines = createInterface({ input: child.stdout });
  const drained = new Promise<void>((resolve) => lines.once('close', () => resolve()));
  lines.on('line', (line) => {
    const [offset, id] = line.split(' ');
    if (id === undefined) return;
    acked.set(Number(offset), id);
    if (acked.size >= acks && child.exitCode === null && !child.killed) child.kill('SIGKILL');
  });
  await exited;
  await drained;
  if (acked.size < acks) throw new Error(`append loop died early after ${acked.size} acks: ${stderr}`);
  expect(child.signalCode).toBe('SIGKILL');
  return acked;
}

describe('file event log: crash durability', () => {
  let dir: string;
  let remove: () => Promise<void>;
  beforeEach(async () => ({ dir, remove } = await tempDir('crash')));
  afterEach(async () => remove());

  it('keeps every acknowledged append across SIGKILL, twice in a row', async () => {
    const allAcked = new Map<number, string>();
    for (let round = 0; round < 2; round++) {
      for (const [o, id] of await appendThenKill(dir, 400)) allAcked.set(o, id);
      const logger = captureLogger();
      const log = await openLog(dir, { logger });
      const stored = await readAll(log);
      const byOffset = new Map(stored.map((s) => [s.position.offset, s.event.eventId]));
      for (const [offset, id] of allAcked) expect(byOffset.get(offset), `acknowledged offset ${offset}`).toBe(id);
      expect(stored.map((s) => s.position.offset)).toEqual(stored.map((_, i) => i));
      // Stream versions agree with the records that survived.
      for (let w = 0; w < 8; w++) {
        const count = stored.filter((s) => s.event.userId === `user-${w}`).length;
        expect(await log.streamVersion('crash', `user-${w}`)).toBe(count);
      }
      const r = await log.append([sampleMessageObserved('crash', 'after', round)]);
      expect(r.positions[0]!.offset).toBe(stored.length);
      await log.close();
    }
  });
});
