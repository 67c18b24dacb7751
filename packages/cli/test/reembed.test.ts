import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashEmbedder } from '@engram/embedder-use';
import { createLocalTextIndex, createLocalVectorIndex } from '@engram/index-local';
import { cli, lastJson, LOCOMO_FILE, tempDataDir } from './helpers/run-cli';

const BIN = fileURLToPath(new URL('../../../bin/engram.mjs', import.meta.url));
const OLD = 'hash64@1';
const NEW = 'hash128@1';

/** Runs the real `engram` binary and SIGKILLs it once its progress says `killAt` documents are done. */
function reembedUntilKilled(env: Record<string, string>, killAt: number): Promise<{ killed: boolean; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [BIN, 'reembed', '--rate', '8', '--batch-size', '2', '--checkpoint-every-ms', '0'],
      {
        env: { ...process.env, ...env, ENGRAM_PROGRESS_INTERVAL_MS: '0', LOG_LEVEL: 'error' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      for (const line of stderr.split('\n')) {
        if (!killed && line.startsWith('{"phase":"reembed"') && JSON.parse(line).done >= killAt) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    });
    child.on('error', reject);
    child.on('exit', () => resolve({ killed, stderr }));
  });
}

async function vectorsByModel(dir: string): Promise<{ old: number; fresh: number }> {
  const v = await createLocalVectorIndex({ dir: join(dir, 'vectors') });
  const out = { old: (await v.staleIds(NEW, 1e6)).length, fresh: (await v.staleIds(OLD, 1e6)).length };
  await v.close();
  return out;
}

describe('engram reembed (E1)', () => {
  const tmp = tempDataDir();
  const env64 = { ENGRAM_DATA_DIR: tmp.dir, ENGRAM_EMBEDDER: 'hash', ENGRAM_HASH_DIMENSIONS: '64' };
  const env128 = { ...env64, ENGRAM_HASH_DIMENSIONS: '128' };
  let docs: number;

  beforeAll(async () => {
    expect(
      (await cli(['import', '--format', 'locomo', '--conversations', '1', '--sessions', '2', LOCOMO_FILE], env64)).code,
    ).toBe(0);
    const r = await cli(['replay', '--projection', 'search-index'], env64);
    expect(r.code, r.stderr).toBe(0);
    docs = lastJson<{ search: { documents: number } }>(r.stdout).search.documents;
    expect(docs).toBeGreaterThan(20);
    expect(await vectorsByModel(tmp.dir)).toEqual({ old: docs, fresh: 0 });
  });
  afterAll(() => tmp.dispose());

  it('killed half way, a rerun re-embeds only the remainder; afterwards every vector has the new model id', async () => {
    const run = await reembedUntilKilled(env128, 6);
    expect(run.killed, run.stderr).toBe(true);
    const mid = await vectorsByModel(tmp.dir);
    expect(mid.old + mid.fresh).toBe(docs);
    expect(mid.fresh).toBeGreaterThanOrEqual(6);
    expect(mid.old).toBeGreaterThan(0);
    const progress = JSON.parse(readFileSync(join(tmp.dir, 'reembed-progress.json'), 'utf8'));
    expect(progress).toMatchObject({ modelId: NEW, finished: false, total: docs });
    expect(progress.done).toBeLessThanOrEqual(mid.fresh);

    const rest = await cli(['reembed', '--batch-size', '4'], env128);
    expect(rest.code, rest.stderr).toBe(0);
    const out = lastJson<{ stale: number; reembedded: number; dropped: number; doneOverall: number; modelId: string }>(
      rest.stdout,
    );
    expect(out).toMatchObject({ modelId: NEW, stale: mid.old, reembedded: mid.old, dropped: 0 });
    expect(out.doneOverall).toBe(progress.done + mid.old);
    expect(await vectorsByModel(tmp.dir)).toEqual({ old: 0, fresh: docs });
    expect(JSON.parse(readFileSync(join(tmp.dir, 'reembed-progress.json'), 'utf8'))).toMatchObject({
      modelId: NEW,
      finished: true,
    });

    // Both snapshots now say which model they hold, so the service resumes instead of re-indexing.
    const text = await createLocalTextIndex({ dir: join(tmp.dir, 'bm25') });
    const vectors = await createLocalVectorIndex({ dir: join(tmp.dir, 'vectors') });
    expect((text.loadedCheckpoint() as { modelId: string }).modelId).toBe(NEW);
    expect((vectors.loadedCheckpoint() as { modelId: string }).modelId).toBe(NEW);
    // Query vectors only meet vectors of their own model.
    const scope = { tenantId: 'default', userId: 'conv-26', agentId: null };
    const [q128] = await createHashEmbedder({ dimensions: 128 }).embed(['support group']);
    const [q64] = await createHashEmbedder({ dimensions: 64 }).embed(['support group']);
    expect((await vectors.search(q128!, NEW, { scope }, 5)).length).toBe(5);
    expect(await vectors.search(q64!, OLD, { scope }, 5)).toEqual([]);
    await text.close();
    await vectors.close();

    const again = await cli(['reembed'], env128);
    expect(lastJson(again.stdout)).toMatchObject({ stale: 0, reembedded: 0 });
  });
});
