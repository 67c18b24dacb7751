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
  /** null: ordinary text (a hard negative). */
  intent: Intent | null;
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

/** Logistic regression by full-batch Adam; labels 0/1, each class weighted to half the total. */
export function fitLogistic(
  xs: readonly number[][],
  ys: readonly number[],
  opts: FitOptions = DEFAULT_FIT,
): SparseModel {
  const pos = ys.filter((y) => y === 1).length;
  const neg = ys.length - pos;
  const cw = (y: number): number => (y === 1 ? ys.length / (2 * Math.max(1, pos)) : ys.length / (2 * Math.max(1, neg)));
  const ids = [...new Set(xs.flat())].sort((a, b) => a - b);
  const slot = new Map(ids.map((id, i) => [id, i]));
  const w = new Float64Array(ids.length);
  const m = new Float64Array(ids.length + 1);
  const v = new Float64Array(ids.length + 1);
  let b = 0;
  const rows = xs.map((x) => x.map((id) => slot.get(id)!));
  const g = new Float64Array(ids.length + 1);
  const b1 = 0.9;
  const b2 = 0.999;
  for (let t = 1; t <= opts.epochs; t++) {
    g.fill(0);
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      let z = b;
      for (const j of row) z += w[j]!;
      const err = (sigmoid(z) - ys[i]!) * cw(ys[i]!);
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
): Trained['intents'] {
  const names = [...new Set(intents)].sort();
  return {
    intents: names,
    models: names.map((n) =>
      fitLogistic(
        xs,
        intents.map((i) => (i === n ? 1 : 0)),
        opts,
      ),
    ),
  };
}

export function train(examples: readonly Example[], opts: FitOptions = DEFAULT_FIT): Trained {
  const xs = examples.map((e) => [...new Set(featuresOf(e.text).flat())]);
  const attack = fitLogistic(
    xs,
    examples.map((e) => (e.intent === null ? 0 : 1)),
    opts,
  );
  const attacks = examples.map((e, i) => ({ e, x: xs[i]! })).filter((a) => a.e.intent !== null);
  return {
    attack,
    intents: fitIntents(
      attacks.map((a) => a.x),
      attacks.map((a) => a.e.intent!),
      opts,
    ),
  };
}

/** Deterministic k-fold assignment (stratified by label, seeded shuffle). */
export function folds(examples: readonly Example[], k: number, seed = 16): number[] {
  let s = seed >>> 0;
  const rand = (): number => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const fold = new Array<number>(examples.length);
  for (const label of [true, false]) {
    const idx = examples
      .map((e, i) => ({ e, i }))
      .filter((x) => (x.e.intent === null) === label)
      .map((x) => x.i);
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [idx[i], idx[j]] = [idx[j]!, idx[i]!];
    }
    idx.forEach((ex, n) => (fold[ex] = n % k));
  }
  return fold;
}

/** Out-of-fold attack probabilities of every example. */
export function crossValidate(examples: readonly Example[], k: number, opts: FitOptions = DEFAULT_FIT): number[] {
  const fold = folds(examples, k);
  const out = new Array<number>(examples.length);
  for (let f = 0; f < k; f++) {
    const trainSet = examples.filter((_, i) => fold[i] !== f);
    const xs = trainSet.map((e) => [...new Set(featuresOf(e.text).flat())]);
    const model = fitLogistic(
      xs,
      trainSet.map((e) => (e.intent === null ? 0 : 1)),
      opts,
    );
    examples.forEach((e, i) => {
      if (fold[i] === f) out[i] = probabilityOf(model, featuresOf(e.text));
    });
  }
  return out;
}
