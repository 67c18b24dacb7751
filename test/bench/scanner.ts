/**
 * `npm run bench -- scanner [--split dev|dev2|heldout|fresh|fresh-sealed|sealed3|sealed4|sealed5|sealed6|sealed7|sealed8|sealed9|ext-train|ext-held|all, or several, comma-separated] [--list-misses] [--no-timing] [--rules-too] [--out file.json]`
 * (--rules-too: every split also through the rules alone, side by side in the same run)
 * Refusal rate of attacks by intent, obfuscation and language (every base attack under every
 * transform), false-positive rate on hard negatives, and the CPU cost of one scan (the
 * acknowledged-write path). Misses are listed for dev, dev2, fresh and ext-train only: fresh-sealed, sealed3,
 * sealed4, sealed5, sealed6, sealed7, sealed8, sealed9 and ext-held (the held-out part of other authors' corpora, external.ts) are reported as aggregates, never text by text.
 */
import { writeFileSync } from 'node:fs';
import { analyzeContent, scanContent, verdictOf, type ScanVerdict } from '@engram/core';

/** The scanner as every write path runs it, or its rules alone (the stage before the learned one). */
type Scan = (text: string) => ScanVerdict;
const SCANS: Readonly<Record<string, Scan>> = {
  scanner: scanContent,
  'rules alone': (text) => verdictOf(analyzeContent(text, { learned: false })),
};
import { loadSplit, SPLITS, type Split } from './scanner/corpus';

interface Tally {
  n: number;
  refused: number;
}
const tally = (): Tally => ({ n: 0, refused: 0 });
const pct = (t: Tally): string => (t.n === 0 ? '-' : `${((100 * t.refused) / t.n).toFixed(1)}%`);
const add = (map: Map<string, Tally>, key: string, refused: boolean): void => {
  const t = map.get(key) ?? tally();
  t.n++;
  if (refused) t.refused++;
  map.set(key, t);
};

function table(title: string, rows: Map<string, Tally>): string {
  const lines = [
    `${title}`,
    ...[...rows]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, t]) => `  ${k.padEnd(26)} ${String(t.n).padStart(5)}  ${pct(t).padStart(7)}`),
  ];
  return lines.join('\n');
}

/** CPU time of this process per scan (µs): the machine is shared, so wall time would measure the neighbours. */
function timeScans(scanContent: Scan, texts: readonly string[], rounds: number): number {
  for (let r = 0; r < 2; r++) for (const t of texts) scanContent(t); // warm-up: every expression compiled
  const start = process.cpuUsage();
  for (let r = 0; r < rounds; r++) for (const t of texts) scanContent(t);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / (rounds * texts.length);
}

function runSplit(split: Split, mode: string, listMisses: boolean, timing: boolean): Record<string, unknown> {
  const scanContent = SCANS[mode]!;
  const { attacks, negatives, transforms, benign, listable } = loadSplit(split);
  listMisses &&= listable;
  const byIntent = new Map<string, Tally>();
  const byObfuscation = new Map<string, Tally>();
  const byLang = new Map<string, Tally>();
  const bySource = new Map<string, Tally>();
  const all = tally();
  const misses: string[] = [];
  const attackTexts: string[] = [];
  for (const a of attacks) {
    for (const [name, transform] of Object.entries(transforms)) {
      const text = transform(a.text);
      if (text === null) continue;
      attackTexts.push(text);
      const refused = !scanContent(text).ok;
      add(byIntent, a.intent, refused);
      add(byObfuscation, name, refused);
      add(byLang, a.lang, refused);
      if (a.source) add(bySource, a.source, refused);
      all.n++;
      if (refused) all.refused++;
      else if (listMisses) misses.push(`  MISS [${a.intent}/${name}] ${JSON.stringify(text).slice(0, 160)}`);
    }
  }
  const fp = tally();
  const fpByLang = new Map<string, Tally>();
  const fpByForm = new Map<string, Tally>();
  const fpBySource = new Map<string, Tally>();
  const negativeTexts: string[] = [];
  for (const n of negatives) {
    for (const [name, transform] of Object.entries(benign)) {
      const text = transform(n.text);
      if (text === null) continue;
      negativeTexts.push(text);
      const v = scanContent(text);
      add(fpByLang, n.lang, !v.ok);
      add(fpByForm, name, !v.ok);
      if (n.source) add(fpBySource, `${n.kind ?? 'hard'}: ${n.source}`, !v.ok);
      fp.n++;
      if (!v.ok) {
        fp.refused++;
        if (listMisses) misses.push(`  FALSE POSITIVE [${name}] ${JSON.stringify(text).slice(0, 120)} -> ${v.reason}`);
      }
    }
  }
  const usAttack = timing ? timeScans(scanContent, attackTexts, 3) : NaN;
  const usBenign = timing ? timeScans(scanContent, negativeTexts, 20) : NaN;
  const long = negatives.map((n) => n.text).join(' ');
  const usLong = timing ? timeScans(scanContent, [long], 50) : NaN;
  console.log(
    `\n=== split ${split}, ${mode}: ${attacks.length} base attacks × ${Object.keys(transforms).length} obfuscations = ${all.n} attack texts; ${negatives.length} hard negatives × ${Object.keys(benign).length} forms = ${fp.n}`,
  );
  console.log(
    `attacks refused: ${pct(all)} (${all.refused}/${all.n})    hard negatives refused: ${pct(fp)} (${fp.refused}/${fp.n})`,
  );
  console.log(table('refused by intent', byIntent));
  console.log(table('refused by obfuscation', byObfuscation));
  console.log(table('refused by language', byLang));
  console.log(table('hard negatives refused by language', fpByLang));
  console.log(table('hard negatives refused by form', fpByForm));
  if (bySource.size > 0) console.log(table('attacks refused by source', bySource));
  if (fpBySource.size > 0) console.log(table('negatives refused by kind and source', fpBySource));
  console.log(
    `CPU per scan: ${usBenign.toFixed(1)} µs (hard negatives, mean ${Math.round(negativeTexts.reduce((s, t) => s + t.length, 0) / negativeTexts.length)} chars), ${usAttack.toFixed(1)} µs (attack texts), ${usLong.toFixed(0)} µs (one ${long.length}-char text)`,
  );
  if (listMisses && misses.length > 0) console.log(misses.join('\n'));
  const obj = (m: Map<string, Tally>) =>
    Object.fromEntries([...m].map(([k, t]) => [k, { n: t.n, refused: t.refused }]));
  return {
    split,
    mode,
    attacks: { n: all.n, refused: all.refused },
    negatives: { n: fp.n, refused: fp.refused },
    byIntent: obj(byIntent),
    byObfuscation: obj(byObfuscation),
    byLang: obj(byLang),
    bySource: obj(bySource),
    negativesByLang: obj(fpByLang),
    negativesBySource: obj(fpBySource),
    usPerScan: { benign: usBenign, attack: usAttack, long: usLong, longChars: long.length },
  };
}

export default async function main(argv: string[]): Promise<void> {
  const arg = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const split = arg('split') ?? 'all';
  const splits: readonly Split[] = split === 'all' ? SPLITS : (split.split(',') as Split[]);
  for (const s of splits)
    if (!SPLITS.includes(s)) throw new Error(`--split is one or more of ${SPLITS.join(', ')} (comma-separated) or all`);
  const modes = argv.includes('--rules-too') ? Object.keys(SCANS) : ['scanner'];
  const results = splits.flatMap((s) =>
    modes.map((m) => runSplit(s, m, argv.includes('--list-misses') && m === 'scanner', !argv.includes('--no-timing'))),
  );
  const out = arg('out');
  if (out) writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
}
