import { describe, expect, it } from 'vitest';
import { startWorkerSlot, type Retired } from '../src/worker-slot';

const url = new URL('./fixtures/slot-worker.mjs', import.meta.url);
type Job = { text: string; answer?: string };
type Reply = { id: number; echo: string };

function slotOf(workerData?: unknown) {
  const retired: Retired<Job>[] = [];
  const answered: Job[] = [];
  const slot = startWorkerSlot<Job, Reply>({
    url,
    workerData,
    onReply: (job, r) => {
      job.answer = r.echo;
      answered.push(job);
    },
    onRetired: (r) => retired.push(r),
  });
  return { slot, retired, answered };
}

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
};

describe('worker slot (one thread of a pool)', () => {
  it('answers each job with its own reply, whatever order the replies come in', async () => {
    const { slot, answered } = slotOf();
    expect(slot.ready).toBe(false);
    await slot.started;
    expect(slot.ready).toBe(true);
    const jobs: Job[] = ['slow', 'fast', 'mid'].map((text) => ({ text }));
    const delays = [60, 0, 20];
    jobs.forEach((job, i) => slot.send(job, (id) => ({ id, text: job.text, delayMs: delays[i] })));
    expect(slot.busy).toBe(3);
    await until(() => answered.length === 3);
    expect(answered.map((j) => j.text)).toEqual(['fast', 'mid', 'slow']);
    expect(jobs.map((j) => j.answer)).toEqual(['SLOW', 'FAST', 'MID']);
    expect(slot.busy).toBe(0);
    expect(await slot.terminate()).toEqual([]);
  });

  it('reports a thread that exits once, with the jobs it had in flight, and refuses to send after', async () => {
    const { slot, retired, answered } = slotOf();
    await slot.started;
    const pending: Job = { text: 'never answered' };
    slot.send(pending, (id) => ({ id, text: pending.text, delayMs: 5_000 }));
    slot.send({ text: 'bye' }, (id) => ({ id, exit: 3 }));
    await until(() => retired.length > 0);
    await new Promise((r) => setTimeout(r, 50)); // an 'exit' after an 'error' is not a second report
    expect(retired).toHaveLength(1);
    expect(retired[0]!.wasReady).toBe(true);
    expect(retired[0]!.why).toMatch(/exited \(code 3\)/);
    expect(retired[0]!.jobs.map((j) => j.text)).toEqual(['never answered', 'bye']);
    expect(answered).toEqual([]);
    expect(slot.ready).toBe(false);
    expect(() => slot.send({ text: 'x' }, (id) => ({ id, text: 'x' }))).toThrow(/after the thread is gone/);
  });

  it('rejects `started` with the reason of a thread that refuses to start, and reports it as never ready', async () => {
    const { slot, retired } = slotOf({ refuse: 'the model file is missing' });
    await expect(slot.started).rejects.toThrow('the model file is missing');
    await until(() => retired.length === 1);
    expect(retired[0]).toMatchObject({ wasReady: false, why: 'the model file is missing', code: 'NO_MODEL', jobs: [] });
  });

  it('hands back the jobs still in flight when terminated, without reporting a retirement', async () => {
    const { slot, retired } = slotOf();
    await slot.started;
    const job: Job = { text: 'in flight' };
    slot.send(job, (id) => ({ id, text: job.text, delayMs: 5_000 }));
    expect(await slot.terminate()).toEqual([job]);
    await new Promise((r) => setTimeout(r, 50));
    expect(retired).toEqual([]);
    expect(job.answer).toBeUndefined();
  });
});
