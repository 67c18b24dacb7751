/**
 * What a search-index snapshot costs as the index grows (the local BM25 text index).
 *   npm run bench -- index-snapshot [--sizes 10000,100000] [--out F]
 * Indexes N unique memory-like documents (20 users) and times `captureSnapshot` — the whole index
 * serialised on the caller's thread (the event loop, holding the keyword half) — and then the file's
 * write (write + fsync + rename, off the keyword half's lock since session 9). The search-index
 * projector spaces routine snapshots by this cost (snapshotMaxShare).
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalTextIndex } from '@engram/index-local';

function option(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
}

export default async function indexSnapshot(argv: string[]): Promise<void> {
  const sizes = option(argv, 'sizes', '10000,100000').split(',').map(Number);
  const out = argv.includes('--out') ? option(argv, 'out', '') : null;
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-index-snapshot-'));
  const rows: Array<{ docs: number; captureMs: number; writeMs: number; fileBytes: number }> = [];
  try {
    const idx = await createLocalTextIndex({ dir });
    let n = 0;
    for (const target of [...sizes].sort((a, b) => a - b)) {
      for (; n < target;) {
        const docs = [];
        for (let k = 0; k < 1000 && n < target; k++, n++)
          docs.push({
            id: `m-${n}`,
            text: `Project note ${n}: service zq${n.toString(36)} deploys with a blue-green rollout in region ${n % 7} after the review`,
            meta: {
              tenantId: 't',
              userId: `user-${n % 20}`,
              agentId: null,
              kind: 'memory' as const,
              tier: 'SEMANTIC' as const,
              type: 'ENVIRONMENT' as const,
              tags: ['bench'],
              at: '2026-01-01T00:00:00.000Z',
            },
          });
        await idx.upsert(docs);
      }
      const t0 = performance.now();
      const write = idx.captureSnapshot({ next: { 0: n } });
      const t1 = performance.now();
      await write();
      const t2 = performance.now();
      const fileBytes = (await stat(join(dir, 'text-index.json'))).size;
      rows.push({ docs: n, captureMs: Math.round(t1 - t0), writeMs: Math.round(t2 - t1), fileBytes });
      console.log(
        `${n} documents: capture ${Math.round(t1 - t0)} ms (event loop held), write ${Math.round(t2 - t1)} ms, ${(fileBytes / 1e6).toFixed(1)} MB`,
      );
    }
    await idx.close();
    const result = {
      rows,
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, loadavg: loadavg() },
      date: new Date().toISOString(),
    };
    if (out) await writeFile(out, JSON.stringify(result, null, 2));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
