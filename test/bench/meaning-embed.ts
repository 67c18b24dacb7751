/** `npm run bench -- meaning-embed [splits] [out] [max windows]`: round 7 experiment (not a product stage) — USE Lite embeddings of every window of the training examples, cached for meaning-fit.ts. */
import { writeFileSync } from 'node:fs';
import { windowsOf } from '@engram/core';
import { createUseEmbedder } from '@engram/embedder-use';
import { loadSplit, type Split } from './scanner/corpus';

export default async function main(argv: string[]): Promise<void> {
  const splits = (argv[0] ?? 'dev,dev2,ext-train').split(',') as Split[];
  const out = argv[1] ?? '/tmp/i16b/emb';
  const texts: string[] = [];
  for (const s of splits) {
    const { attacks, negatives } = loadSplit(s);
    for (const a of attacks) texts.push(a.text);
    for (const n of negatives) texts.push(n.text);
  }
  const windows = new Map<string, number>();
  const MAX_WINDOWS = Number(argv[2] ?? 3);
  const perText = texts
    .map((t) => {
      const ws = windowsOf(t);
      return ws.length > MAX_WINDOWS ? [] : ws;
    })
    .map((ws) =>
      ws.map((w) => {
        let id = windows.get(w);
        if (id === undefined) windows.set(w, (id = windows.size));
        return id;
      }),
    );
  console.log(`${texts.length} texts, ${windows.size} unique windows`);
  const emb = createUseEmbedder({ lexicalWeight: 0 });
  const t0 = Date.now();
  await emb.warmup();
  console.log(`load ${Date.now() - t0} ms`);
  const list = [...windows.keys()];
  const vec = new Float32Array(list.length * 512);
  const c0 = process.cpuUsage();
  const w0 = Date.now();
  for (let i = 0; i < list.length; i += 64) {
    const vs = await emb.embed(list.slice(i, i + 64));
    vs.forEach((v, j) => vec.set(v.subarray(0, 512), (i + j) * 512));
    if (i % 640 === 0) {
      const c = process.cpuUsage(c0);
      console.log(i, Date.now() - w0, 'ms wall', ((c.user + c.system) / 1000).toFixed(0), 'ms cpu');
    }
  }
  const cpu = process.cpuUsage(c0);
  console.log(
    `embedded ${list.length} windows: wall ${Date.now() - w0} ms, cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, ${((cpu.user + cpu.system) / list.length / 1000).toFixed(2)} ms/window`,
  );
  writeFileSync(`${out}.bin`, Buffer.from(vec.buffer));
  writeFileSync(`${out}.json`, JSON.stringify({ splits, perText, lengths: list.map((w) => w.length) }));
}
