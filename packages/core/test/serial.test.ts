import { describe, expect, it } from 'vitest';
import { createSerialQueue } from '@engram/core';

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('createSerialQueue', () => {
  it('runs tasks one at a time in call order', async () => {
    const q = createSerialQueue();
    const log: string[] = [];
    let active = 0;
    let maxActive = 0;
    const task = (name: string) => async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      active--;
      return name;
    };
    const results = await Promise.all([q.run(task('a')), q.run(task('b')), q.run(task('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(maxActive).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('rejects only the failing task; later ones still run', async () => {
    const q = createSerialQueue();
    const first = q.run(async () => {
      throw new Error('first failed');
    });
    const second = q.run(async () => 2);
    await expect(first).rejects.toThrow('first failed');
    await expect(second).resolves.toBe(2);
  });

  it('idle() waits for tasks queued while it waits', async () => {
    const q = createSerialQueue();
    const done: number[] = [];
    void q.run(async () => {
      await tick();
      done.push(1);
      void q.run(async () => {
        await tick();
        done.push(2);
      });
    });
    await q.idle();
    expect(done).toEqual([1, 2]);
  });
});
