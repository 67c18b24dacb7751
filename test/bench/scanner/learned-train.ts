/**
 * Training of the scanner's learned stage (packages/core/src/safety/learned-model.ts): a logistic
 * model "attack or not" and a softmax over the intents, both linear over learned-features.ts,
 * fitted to the training split only (full batch, Adam, L2), deterministic (no random state but the
 * fold assignment, seeded). Cross-validation on the same split gives out-of-fold probabilities, from
 * which the refusal thresholds are chosen (they are properties of the model, written with it).
 */
import { foldText, windowFeatureSets, type Intent } from '@engram/core';

export interface Example {
  text: string;
  /** null: a benign text (a hard negative or ordinary conversation). */
  intent: Intent | null;
  /** Weight in the loss (default 1): a large external source is capped so that no one source dominates. */
  weight?: number;
  /** Examples of one group (a template, a conversation) share a fold (default: the text itself). */
  group?: string;
  /** Which false-positive budget a benign text counts in (scanner-train.ts). */
  pool?: 'hard' | 'docs' | 'ordinary';
}

export interface SparseModel {
  bias: number;
  weights: Map<number, number>;
}

export interface Trained {
  attack: SparseModel;
  intents: { intents: Intent[]; models: SparseModel[] };
}

export interface FitOptions {
  l2: number;
  epochs: number;
  rate: number;
}

export const DEFAULT_FIT: FitOptions = { l2: 3e-3, epochs: 300, rate: 0.05 };

/** Feature ids of every window of an example (the model scores the strongest window). */
export function featuresOf(text: string): number[][] {
  return windowFeatureSets(foldText(text).text);
}

const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/**
 * Logistic regression by full-batch Adam over examples made of windows, scored as the scanner
 * scores them: by the strongest window (max pooling; the gradient goes to that window). Labels 0/1,
 * each class weighted to half the total (after sample weights).
 */
export function fitLogistic(
  xs: readonly (readonly number[][])[],
  ys: readonly number[],
  opts: FitOptions = DEFAULT_FIT,
  sw: readonly number[] = ys.map(() => 1),
): SparseModel {
  const total = sw.reduce((a, b) => a + b, 0);
  const pos = ys.reduce((a, y, i) => a + (y === 1 ? sw[i]! : 0), 0);
  const neg = total - pos;
  const cwPos = total / (2 * Math.max(1e-9, pos));
  const cwNeg = total / (2 * Math.max(1e-9, neg));
  const cws = ys.map((y, i) => (y === 1 ? cwPos : cwNeg) * sw[i]!);
  const ids = [...new Set(xs.flat(2))].sort((a, b) => a - b);
  const slot = new Map(ids.map((id, i) => [id, i]));
  const w = new Float64Array(ids.length);
  const m = new Float64Array(ids.length + 1);
  const v = new Float64Array(ids.length + 1);
  let b = 0;
  const rows = xs.map((windows) => windows.map((x) => x.map((id) => slot.get(id)!)));
  const g = new Float64Array(ids.length + 1);
  const b1 = 0.9;
  const b2 = 0.999;
  for (let t = 1; t <= opts.epochs; t++) {
    g.fill(0);
    for (let i = 0; i < rows.length; i++) {
      let z = -Infinity;
      let row: number[] = [];
      for (const win of rows[i]!) {
        let zw = b;
        for (const j of win) zw += w[j]!;
        if (zw > z) [z, row] = [zw, win];
      }
      if (z === -Infinity) z = b;
      const err = (sigmoid(z) - ys[i]!) * cws[i]!;
      for (const j of row) g[j]! += err;
      g[ids.length]! += err;
    }
    for (let j = 0; j <= ids.length; j++) {
      const grad = g[j]! / rows.length + (j < ids.length ? opts.l2 * w[j]! : 0);
      m[j] = b1 * m[j]! + (1 - b1) * grad;
      v[j] = b2 * v[j]! + (1 - b2) * grad * grad;
      const step = (opts.rate * (m[j]! / (1 - b1 ** t))) / (Math.sqrt(v[j]! / (1 - b2 ** t)) + 1e-8);
      if (j < ids.length) w[j]! -= step;
      else b -= step;
    }
  }
  const weights = new Map<number, number>();
  ids.forEach((id, i) => weights.set(id, w[i]!));
  return { bias: b, weights };
}

export function scoreOf(model: SparseModel, features: readonly number[]): number {
  let z = model.bias;
  for (const id of features) z += model.weights.get(id) ?? 0;
  return z;
}

/** Probability of the strongest window. */
export function probabilityOf(model: SparseModel, windows: readonly number[][]): number {
  let best = -Infinity;
  for (const f of windows) best = Math.max(best, scoreOf(model, f));
  return sigmoid(best);
}

/** One logistic model per intent (one against the rest), attacks only. */
export function fitIntents(
  xs: readonly number[][],
  intents: readonly Intent[],
  opts: FitOptions = DEFAULT_FIT,
  sw?: readonly number[],
): Trained['intents'] {
  const names = [...new Set(intents)].sort();
  return {
    intents: names,
    models: names.map((n) =>
      fitLogistic(
        xs.map((x) => [x]),
        intents.map((i) => (i === n ? 1 : 0)),
        opts,
        sw,
      ),
    ),
  };
}

/** Feature ids of every window of each example, worked out once per text. */
const windowCache = new Map<string, number[][]>();
function windowsOfExample(e: Example): number[][] {
  let w = windowCache.get(e.text);
  if (!w) windowCache.set(e.text, (w = featuresOf(e.text)));
  return w;
}
const bagOf = (e: Example): number[] => [...new Set(windowsOfExample(e).flat())];

export function train(examples: readonly Example[], opts: FitOptions = DEFAULT_FIT): Trained {
  const xs = examples.map(bagOf);
  const attack = fitLogistic(
    examples.map(windowsOfExample),
    examples.map((e) => (e.intent === null ? 0 : 1)),
    opts,
    examples.map((e) => e.weight ?? 1),
  );
  const attacks = examples.map((e, i) => ({ e, x: xs[i]! })).filter((a) => a.e.intent !== null);
  return {
    attack,
    intents: fitIntents(
      attacks.map((a) => a.x),
      attacks.map((a) => a.e.intent!),
      opts,
      attacks.map((a) => a.e.weight ?? 1),
    ),
  };
}

/** Deterministic k-fold assignment by group (stratified by label, seeded shuffle): near-duplicates of one template never straddle folds. */
export function folds(examples: readonly Example[], k: number, seed = 16): number[] {
  let s = seed >>> 0;
  const rand = (): number => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const fold = new Array<number>(examples.length);
  for (const label of [true, false]) {
    const members = new Map<string, number[]>();
    examples.forEach((e, i) => {
      if ((e.intent === null) !== label) return;
      const g = `${label}\u0000${e.group ?? e.text}`;
      const m = members.get(g);
      if (m) m.push(i);
      else members.set(g, [i]);
    });
    const groups = [...members.values()];
    for (let i = groups.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [groups[i], groups[j]] = [groups[j]!, groups[i]!];
    }
    groups.forEach((g, n) => g.forEach((ex) => (fold[ex] = n % k)));
  }
  return fold;
}

/** Out-of-fold attack probabilities of every example. */
export function crossValidate(examples: readonly Example[], k: number, opts: FitOptions = DEFAULT_FIT): number[] {
  const fold = folds(examples, k);
  const out = new Array<number>(examples.length);
  for (let f = 0; f < k; f++) {
    const trainSet = examples.filter((_, i) => fold[i] !== f);
    const model = fitLogistic(
      trainSet.map(windowsOfExample),
      trainSet.map((e) => (e.intent === null ? 0 : 1)),
      opts,
      trainSet.map((e) => e.weight ?? 1),
    );
    examples.forEach((e, i) => {
      if (fold[i] === f) out[i] = probabilityOf(model, windowsOfExample(e));
    });
  }
  return out;
}
