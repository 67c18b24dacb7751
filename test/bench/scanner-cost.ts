/**
 * `npm run bench -- scanner-cost [--rounds 10]`
 * What the content scanner costs per write (it is on the acknowledged-write path): CPU time of this
 * process per scan, after a warm-up, for short writes (the hard negatives of dev and fresh as written,
 * the plain attacks) and for long ones (every hard negative of a split in one text), the whole
 * scanner and its rules alone side by side in the same run.
 */
import { analyzeContent, scanContent, verdictOf, type ScanVerdict } from '@engram/core';
import { loadSplit } from './scanner/corpus';

const MODES: ReadonlyArray<[string, (text: string) => ScanVerdict]> = [
  ['scanner', scanContent],
  ['rules alone', (text) => verdictOf(analyzeContent(text, { learned: false }))],
];

function cpuMicros(scan: (text: string) => ScanVerdict, texts: readonly string[], rounds: number): number {
  for (const t of texts) scan(t);
  const start = process.cpuUsage();
  for (let r = 0; r < rounds; r++) for (const t of texts) scan(t);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / (rounds * texts.length);
}

export default async function main(argv: string[]): Promise<void> {
  const i = argv.indexOf('--rounds');
  const rounds = i >= 0 ? Number(argv[i + 1]) : 10;
  const dev = loadSplit('dev');
  const fresh = loadSplit('fresh');
  const sets: ReadonlyArray<[string, string[]]> = [
    ['short: hard negatives (dev + fresh)', [...dev.negatives, ...fresh.negatives].map((n) => n.text)],
    ['short: attacks as written (dev + fresh)', [...dev.attacks, ...fresh.attacks].map((a) => a.text)],
    ['long: fresh hard negatives in one text', [fresh.negatives.map((n) => n.text).join(' ')]],
    ['long: dev hard negatives in one text', [dev.negatives.map((n) => n.text).join(' ')]],
    // The two above are refused by the rules (weak findings anywhere in the text add up), so the
    // learned stage never runs on them: this one is what an accepted long write costs.
    [
      'long: hard negatives with no finding, one text',
      [
        [...dev.negatives, ...fresh.negatives]
          .map((n) => n.text)
          .filter((t) => analyzeContent(t).findings.length === 0)
          .join(' ')
          .slice(0, 8400),
      ],
    ],
  ];
  console.log(`CPU µs per scan (mean over ${rounds} rounds after a warm-up)`);
  console.log(`${'texts'.padEnd(46)} ${'chars'.padStart(7)} ${MODES.map(([m]) => m.padStart(12)).join(' ')}`);
  for (const [name, texts] of sets) {
    const chars = Math.round(texts.reduce((n, t) => n + t.length, 0) / texts.length);
    const us = MODES.map(([, scan]) => cpuMicros(scan, texts, texts.length > 1 ? rounds : rounds * 2));
    console.log(
      `${name.padEnd(42)} ${String(chars).padStart(7)} ${us.map((u) => u.toFixed(0).padStart(12)).join(' ')}`,
    );
  }
}
