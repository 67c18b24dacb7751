import { mkdtemp, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddingJournal } from '../src';

const digest = (n: number) => n.toString(16).padStart(64, '0');
const vec = (n: number, dims = 4) => Float32Array.from({ length: dims }, (_, i) => n + i / 10);

describe('embedding journal (vectors embedded since the last index snapshot)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'engram-journal-'));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));
  const file = () => join(dir, 'embeddings.journal');

  it('gives back what was put, per model, across a reopen', async () => {
    const j = await openEmbeddingJournal(dir);
    await j.put('m1', [
      [digest(1), vec(1)],
      [digest(2), vec(2)],
    ]);
    await j.put('m2', [[digest(1), vec(9, 3)]]);
    await j.close();
    const again = await openEmbeddingJournal(dir);
    expect(again.size).toBe(3);
    const [a, b, missing] = await again.get('m1', [digest(1), digest(2), digest(3)]);
    expect(Array.from(a!)).toEqual(Array.from(vec(1)));
    expect(Array.from(b!)).toEqual(Array.from(vec(2)));
    expect(missing).toBeUndefined();
    expect(Array.from((await again.get('m2', [digest(1)]))[0]!)).toEqual(Array.from(vec(9, 3)));
    await again.close();
  });

  it('keeps every whole record before a torn tail (a crash mid-append) and appends after them', async () => {
    const j = await openEmbeddingJournal(dir);
    await j.put('m1', [[digest(1), vec(1)]]);
    await j.put('m1', [[digest(2), vec(2)]]);
    await j.close();
    await truncate(file(), (await stat(file())).size - 5);
    const again = await openEmbeddingJournal(dir);
    expect(again.size).toBe(1);
    expect((await again.get('m1', [digest(2)]))[0]).toBeUndefined();
    await again.put('m1', [[digest(3), vec(3)]]);
    await again.close();
    const third = await openEmbeddingJournal(dir);
    expect(third.size).toBe(2);
    expect(Array.from((await third.get('m1', [digest(3)]))[0]!)).toEqual(Array.from(vec(3)));
    await third.close();
  });

  it('stops at a damaged record (CRC) instead of returning a wrong vector', async () => {
    const j = await openEmbeddingJournal(dir);
    await j.put('m1', [[digest(1), vec(1)]]);
    await j.put('m1', [[digest(2), vec(2)]]);
    await j.close();
    const bytes = await readFile(file());
    bytes[bytes.length - 2]! ^= 0xff;
    await writeFile(file(), bytes);
    const again = await openEmbeddingJournal(dir);
    const [a, b] = await again.get('m1', [digest(1), digest(2)]);
    expect(Array.from(a!)).toEqual(Array.from(vec(1)));
    expect(b).toBeUndefined();
    await again.close();
  });

  it('clear() empties it for good', async () => {
    const j = await openEmbeddingJournal(dir);
    await j.put('m1', [[digest(1), vec(1)]]);
    await j.clear();
    expect(j.size).toBe(0);
    await j.put('m1', [[digest(2), vec(2)]]);
    await j.close();
    const again = await openEmbeddingJournal(dir);
    expect(again.size).toBe(1);
    expect((await again.get('m1', [digest(1)]))[0]).toBeUndefined();
    await again.close();
  });
});
