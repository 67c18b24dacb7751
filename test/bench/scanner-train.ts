/**
 * `npm run bench -- scanner-train [--splits dev,dev2,ext-train,gen] [--folds 5] [--max-added-fp 0.01] [--dry] [--oof-out file.json] [--oof-in file.json] [--out file.ts]`
 * (--oof-out: every training example's out-of-fold probability and rule evidence, to study thresholds without refitting;
 * --out: write the weights elsewhere, to train variants side by side without touching the product's file;
 * --oof-in: the out-of-fold probabilities of an earlier --oof-out of the same corpus and features, instead of
 * refitting every fold — the thresholds are chosen again against the rules as they are now, then the final fit runs)
 * Trains the scanner's learned stage on the training splits only (never heldout, fresh, the sealed
 * splits or ext-held), chooses its two thresholds out of fold, and writes
 * packages/core/src/safety/learned-weights.ts. Deterministic: the same corpus (and the same pinned
 * external sources, scanner/external.ts) gives the same file.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { analyzeContent, learnedWeight, LEXICON_FINGERPRINT, packWeights, type LearnedThresholds } from '@engram/core';
import { loadSplit, SPLITS, TRAINING_SPLITS, type Split } from './scanner/corpus';
import { crossValidate, DEFAULT_FIT, train, type Example } from './scanner/learned-train';

const OUT = fileURLToPath(new URL('../../packages/core/src/safety/learned-weights.ts', import.meta.url));
const TRAINING: readonly Split[] = TRAINING_SPLITS;
/** Written into the weights file (SCANNER_VERSION names it): bump with every retrain that is adopted. */
const MODEL_ID = 'lin@8';
const SCALE = 0.0005;
const INTENT_MIN_WEIGHT = 0.01;
/** The loss weight of one external source (attacks, hard negatives, ordinary texts) is at most this many examples. */
const SOURCE_CAP = 150;

interface Scored {
  attack: boolean;
  p: number;
  rules: number;
  /** For negatives: hard (written to look like attacks), docs (other authors' prose about attacks) or ordinary conversation; each has its own budget. */
  kind?: Pool;
}

type Pool = 'hard' | 'docs' | 'ordinary';
/** Other authors' prose about prompts, attacks and security (external.ts PINNED_DOCS) is a budget of its own. */
const poolOf = (n: { kind?: 'hard' | 'ordinary'; source?: string }): Pool =>
  n.kind === 'ordinary' ? 'ordinary' : n.source?.startsWith('docs-') ? 'docs' : 'hard';

const refusedAt = (x: Scored, t: LearnedThresholds): boolean => 1 - (1 - x.rules) * (1 - learnedWeight(x.p, t)) >= 0.5;

/**
 * The thresholds that refuse the most attacks out of fold while adding at most maxAddedFp refused
 * negatives to the rules' own, on the hard negatives, on other authors' prose about attacks and on
 * ordinary texts each.
 */
export function chooseThresholds(
  scored: readonly Scored[],
  maxAddedFp: number,
): {
  t: LearnedThresholds;
  tp: number;
  fp: number;
  rulesTp: number;
  rulesFp: number;
  ordinaryFp: number;
  docsFp: number;
  rulesDocsFp: number;
} {
  const pos = scored.filter((x) => x.attack);
  const hard = scored.filter((x) => !x.attack && (x.kind ?? 'hard') === 'hard');
  const docs = scored.filter((x) => !x.attack && x.kind === 'docs');
  const ordinary = scored.filter((x) => !x.attack && x.kind === 'ordinary');
  const rate = (xs: readonly Scored[], f: (x: Scored) => boolean): number =>
    xs.filter(f).length / Math.max(1, xs.length);
  const rulesFp = rate(hard, (x) => x.rules >= 0.5);
  const rulesOrdinaryFp = rate(ordinary, (x) => x.rules >= 0.5);
  const rulesDocsFp = rate(docs, (x) => x.rules >= 0.5);
  const rulesTp = rate(pos, (x) => x.rules >= 0.5);
  let best: { t: LearnedThresholds; tp: number; fp: number; ordinaryFp: number; docsFp: number } = {
    t: { refuse: 1, review: 1 },
    tp: rulesTp,
    fp: rulesFp,
    ordinaryFp: rulesOrdinaryFp,
    docsFp: rulesDocsFp,
  };
  for (let refuse = 0.8; refuse <= 0.9951; refuse += 0.005) {
    for (let review = 0.3; review <= refuse; review += 0.05) {
      const t = { refuse: Number(refuse.toFixed(3)), review: Number(review.toFixed(3)) };
      const fp = rate(hard, (x) => refusedAt(x, t));
      const ordinaryFp = rate(ordinary, (x) => refusedAt(x, t));
      const docsFp = rate(docs, (x) => refusedAt(x, t));
      const tp = rate(pos, (x) => refusedAt(x, t));
      const within =
        fp - rulesFp <= maxAddedFp + 1e-12 &&
        ordinaryFp - rulesOrdinaryFp <= maxAddedFp + 1e-12 &&
        docsFp - rulesDocsFp <= maxAddedFp + 1e-12;
      if (within && (tp > best.tp || (tp === best.tp && fp < best.fp))) best = { t, tp, fp, ordinaryFp, docsFp };
    }
  }
  return { ...best, rulesTp, rulesFp, rulesDocsFp };
}

/** Loss weights: 1 per example, except that one external source weighs at most SOURCE_CAP examples in all. */
function capped<T extends { source?: string }>(items: readonly T[]): number[] {
  const count = new Map<string, number>();
  for (const i of items) if (i.source) count.set(i.source, (count.get(i.source) ?? 0) + 1);
  return items.map((i) => (i.source ? Math.min(1, SOURCE_CAP / count.get(i.source)!) : 1));
}

/** Out-of-fold probabilities saved by --oof-out for these very examples (same order and labels), else an error. */
function readOof(file: string, examples: readonly Example[]): number[] {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Array<{ attack: boolean; p: number; group?: string }>;
  if (saved.length !== examples.length)
    throw new Error(`${file}: ${saved.length} examples, the corpus has ${examples.length}`);
  return saved.map((x, i) => {
    const e = examples[i]!;
    if (x.attack !== (e.intent !== null) || (x.group ?? '') !== (e.group ?? ''))
      throw new Error(`${file}: example ${i} is not the corpus's (label or group differs)`);
    return x.p;
  });
}

export default async function main(argv: string[]): Promise<void> {
  const arg = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const splits = (arg('splits')?.split(',') ?? TRAINING) as Split[];
  for (const s of splits)
    if (!SPLITS.includes(s) || !TRAINING.includes(s))
      throw new Error(`--splits: training splits are ${TRAINING.join(', ')} (never ${s})`);
  const k = Number(arg('folds') ?? 5);
  const maxAddedFp = Number(arg('max-added-fp') ?? 0.01);
  const examples: Example[] = splits.flatMap((s) => {
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
  const oofIn = arg('oof-in');
  const oof = oofIn ? readOof(oofIn, examples) : crossValidate(examples, k, DEFAULT_FIT);
  const scored = examples.map((e, i) => ({
    attack: e.intent !== null,
    p: oof[i]!,
    rules: analyzeContent(e.text, { learned: false }).score,
    kind: e.pool,
  }));
  const oofOut = arg('oof-out');
  if (oofOut)
    writeFileSync(
      oofOut,
      JSON.stringify(
        scored.map((x, i) => ({ ...x, group: examples[i]!.group, han: /\p{Script=Han}/u.test(examples[i]!.text) })),
      ),
    );
  const chosen = chooseThresholds(scored, maxAddedFp);
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const count = (pool: Pool): number => examples.filter((e) => !e.intent && e.pool === pool).length;
  const summary = `${examples.filter((e) => e.intent).length} attacks, ${count('hard')} hard negatives, ${count('docs')} passages of LLM-security docs, ${count('ordinary')} ordinary texts (${splits.join('+')}); ${k}-fold out of fold (folds by group): rules alone ${pct(chosen.rulesTp)} / ${pct(chosen.rulesFp)}, with the model ${pct(chosen.tp)} / ${pct(chosen.fp)} (attacks / hard negatives refused, plain texts; docs ${pct(chosen.rulesDocsFp)} → ${pct(chosen.docsFp)}; ordinary texts ${pct(chosen.ordinaryFp)})`;
  console.log(summary);
  console.log(`thresholds: refuse ${chosen.t.refuse}, review ${chosen.t.review}`);
  const model = train(examples, DEFAULT_FIT);
  const intents = model.intents.intents.map((intent, i) => {
    const m = model.intents.models[i]!;
    const kept = new Map([...m.weights].filter(([, w]) => Math.abs(w) >= INTENT_MIN_WEIGHT));
    return { intent, bias: Number(m.bias.toFixed(4)), weights: packWeights(kept, SCALE) };
  });
  const attack = { bias: Number(model.attack.bias.toFixed(4)), weights: packWeights(model.attack.weights, SCALE) };
  const command = `npm run bench -- scanner-train --splits ${splits.join(',')} --folds ${k} --max-added-fp ${maxAddedFp}${oofIn ? ' --oof-in <its own --oof-out>' : ''}`;
  const file = `// Generated by \`${command}\`: do not edit.
// ${summary}.
// Fit: logistic, L2 ${DEFAULT_FIT.l2}, ${DEFAULT_FIT.epochs} full-batch Adam steps at ${DEFAULT_FIT.rate}; ${model.attack.weights.size} features.
export const LEARNED_WEIGHTS = {
  id: '${MODEL_ID}',
  lexicon: '${LEXICON_FINGERPRINT}',
  trainedOn: ${JSON.stringify(splits)} as string[],
  scale: ${SCALE},
  thresholds: ${JSON.stringify(chosen.t).replace(/"/g, '')},
  attack: ${JSON.stringify(attack).replace(/"(\w+)":/g, '$1: ')},
  intents: [
${intents.map((m) => `    ${JSON.stringify(m).replace(/"(\w+)":/g, '$1: ')},`).join('\n')}
  ],
};
`;
  if (argv.includes('--dry')) return;
  const out = arg('out') ?? OUT;
  writeFileSync(out, await format(file, { ...(await resolveConfig(OUT)), filepath: OUT }));
  console.log(`wrote ${out} (${(file.length / 1024).toFixed(0)} KB)`);
}
