/** `npm run bench -- meaning-fit [emb] [oof.json from scanner-train --oof-out] [l2] [epochs]`: round 7 experiment — an out-of-fold logistic head on USE window embeddings (same folds as lin), alone and fused with lin's out-of-fold logits. */
import { existsSync, readFileSync } from 'node:fs';
import { analyzeContent } from '@engram/core';
import { loadSplit, type Split } from './scanner/corpus';
import { folds, type Example } from './scanner/learned-train';
import { chooseThresholds } from './scanner-train';

const SOURCE_CAP = 150;
function capped<T extends { source?: string }>(items: readonly T[]): number[] {
  const count = new Map<string, number>();
  for (const i of items) if (i.source) count.set(i.source, (count.get(i.source) ?? 0) + 1);
  return items.map((i) => (i.source ? Math.min(1, SOURCE_CAP / count.get(i.source)!) : 1));
}
const poolOf = (n: { kind?: 'hard' | 'ordinary'; source?: string }): 'hard' | 'docs' | 'ordinary' =>
  n.kind === 'ordinary' ? 'ordinary' : n.source?.startsWith('docs-') ? 'docs' : 'hard';
const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
const logit = (p: number): number => Math.log(Math.max(1e-9, p) / Math.max(1e-9, 1 - p));
const D = 512;

interface Fit {
  w: Float64Array;
  b: number;
}

function fitDense(
  vec: Float32Array,
  rows: number[][],
  ys: number[],
  sw: number[],
  l2: number,
  epochs: number,
  rate: number,
): Fit {
  const total = sw.reduce((a, b) => a + b, 0);
  const pos = ys.reduce((a, y, i) => a + (y ? sw[i]! : 0), 0);
  const cw = ys.map((y, i) => (y ? total / (2 * pos) : total / (2 * (total - pos))) * sw[i]!);
  const w = new Float64Array(D);
  let b = 0;
  const m = new Float64Array(D + 1);
  const v = new Float64Array(D + 1);
  const g = new Float64Array(D + 1);
  for (let t = 1; t <= epochs; t++) {
    g.fill(0);
    for (let i = 0; i < rows.length; i++) {
      let z = -Infinity;
      let at = -1;
      for (const r of rows[i]!) {
        let zr = b;
        const o = r * D;
        for (let d = 0; d < D; d++) zr += w[d]! * vec[o + d]!;
        if (zr > z) [z, at] = [zr, r];
      }
      if (at < 0) continue;
      const err = (sigmoid(z) - ys[i]!) * cw[i]!;
      const o = at * D;
      for (let d = 0; d < D; d++) g[d]! += err * vec[o + d]!;
      g[D]! += err;
    }
    for (let j = 0; j <= D; j++) {
      const grad = g[j]! / rows.length + (j < D ? l2 * w[j]! : 0);
      m[j] = 0.9 * m[j]! + 0.1 * grad;
      v[j] = 0.999 * v[j]! + 0.001 * grad * grad;
      const step = (rate * (m[j]! / (1 - 0.9 ** t))) / (Math.sqrt(v[j]! / (1 - 0.999 ** t)) + 1e-8);
      if (j < D) w[j]! -= step;
      else b -= step;
    }
  }
  return { w, b };
}
function zOf(f: Fit, vec: Float32Array, rows: number[]): number {
  let z = -Infinity;
  for (const r of rows) {
    let zr = f.b;
    for (let d = 0; d < D; d++) zr += f.w[d]! * vec[r * D + d]!;
    z = Math.max(z, zr);
  }
  return z === -Infinity ? -20 : z;
}

export default async function main(argv: string[]): Promise<void> {
  const emb = argv[0] ?? '/tmp/i16b/emb';
  const oofFile = argv[1] ?? '/tmp/i16b/oof-main.json';
  const l2 = Number(argv[2] ?? 1e-3);
  const epochs = Number(argv[3] ?? 300);
  const meta = JSON.parse(readFileSync(`${emb}.json`, 'utf8')) as { splits: Split[]; perText: number[][] };
  const buf = readFileSync(`${emb}.bin`);
  const vec = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const examples: Example[] = meta.splits.flatMap((s) => {
    const { attacks, negatives } = loadSplit(s);
    const aw = capped(attacks);
    const nw = capped(negatives.map((n) => ({ source: n.source && `${n.kind}:${n.source}` })));
    return [
      ...attacks.map((a, i) => ({
        text: a.text,
        intent: a.intent as Example['intent'],
        weight: aw[i],
        group: a.group,
      })),
      ...negatives.map((n, i) => ({ text: n.text, intent: null, weight: nw[i], group: n.group, pool: poolOf(n) })),
    ];
  });
  if (examples.length !== meta.perText.length) throw new Error('example count differs');
  const oof = existsSync(oofFile)
    ? (JSON.parse(readFileSync(oofFile, 'utf8')) as Array<{ attack: boolean; p: number; rules: number; kind?: string }>)
    : examples.map((e) => ({
        attack: e.intent !== null,
        p: 0,
        rules: analyzeContent(e.text, { learned: false }).score,
        kind: e.pool,
      }));
  if (oof.length !== examples.length) throw new Error('oof count differs');
  const k = 5;
  const fold = folds(examples, k);
  const ys = examples.map((e) => (e.intent === null ? 0 : 1));
  const sw = examples.map((e) => e.weight ?? 1);
  const zu = new Array<number>(examples.length);
  for (let f = 0; f < k; f++) {
    const idx = examples.map((_, i) => i).filter((i) => fold[i] !== f);
    const fit = fitDense(
      vec,
      idx.map((i) => meta.perText[i]!),
      idx.map((i) => ys[i]!),
      idx.map((i) => sw[i]!),
      l2,
      epochs,
      0.05,
    );
    examples.forEach((_, i) => {
      if (fold[i] === f) zu[i] = zOf(fit, vec, meta.perText[i]!);
    });
  }
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const report = (name: string, p: (i: number) => number): void => {
    const scored = oof.map((x, i) => ({ attack: x.attack, rules: x.rules, kind: x.kind as never, p: p(i) }));
    const c = chooseThresholds(scored, 0.01);
    console.log(
      `${name}: rules ${pct(c.rulesTp)}/${pct(c.rulesFp)} → ${pct(c.tp)}/${pct(c.fp)} docs ${pct(c.rulesDocsFp)}→${pct(c.docsFp)} ordinary ${pct(c.ordinaryFp)} t=${JSON.stringify(c.t)}`,
    );
  };
  console.log(`l2 ${l2} epochs ${epochs}`);
  report('lin (main oof)', (i) => oof[i]!.p);
  report('use head alone', (i) => sigmoid(zu[i]!));
  for (const beta of [0.25, 0.5, 0.75, 1, 1.5])
    report(`lin + ${beta}·use`, (i) => sigmoid(logit(oof[i]!.p) + beta * zu[i]!));
  for (const a of [0.3, 0.5, 0.7])
    report(`${a}·lin + ${1 - a}·use (avg logits)`, (i) => sigmoid(a * logit(oof[i]!.p) + (1 - a) * zu[i]!));
}
