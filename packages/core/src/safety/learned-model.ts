import { FEATURE_BITS, LEXICON_FINGERPRINT, sentenceFeatures, sentencesOf, windowRanges } from './learned-features';
import { LEARNED_WEIGHTS } from './learned-weights';
import type { Intent } from './rules';

/**
 * The learned stage of the scanner: a logistic model "is this an injection" and one per intent
 * (which one), linear over learned-features.ts, trained by `npm run bench -- scanner-train` on the
 * training splits only (weights and thresholds in learned-weights.ts, generated with the command
 * that made them). It scores every reading of a text the rules see (views.ts: folded, de-spaced,
 * decoded…) window by window and reports its strongest window; content-scanner.ts turns that into
 * evidence next to the rules'.
 */
export interface LearnedOpinion {
  /** 0–1: probability of the strongest window. */
  probability: number;
  intent: Intent;
  /** The window that scored highest. */
  window: string;
  /** Index of the reading it is in. */
  reading: number;
  /** 0–1: probability of the strongest window of the first reading (the text as written, folded). */
  firstProbability: number;
}

interface Linear {
  bias: number;
  weights: ReadonlyMap<number, number>;
}

/** ids ascending, delta-encoded as LEB128 varints, then one int16 per id (weight × 1/scale). */
export function packWeights(weights: ReadonlyMap<number, number>, scale: number): string {
  const ids = [...weights.keys()].sort((a, b) => a - b);
  const bytes: number[] = [];
  let prev = 0;
  for (const id of ids) {
    let d = id - prev;
    prev = id;
    while (d >= 0x80) {
      bytes.push((d & 0x7f) | 0x80);
      d >>>= 7;
    }
    bytes.push(d);
  }
  for (const id of ids) {
    const q = Math.max(-32768, Math.min(32767, Math.round(weights.get(id)! / scale)));
    bytes.push(q & 0xff, (q >> 8) & 0xff);
  }
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `${ids.length}:${btoa(binary)}`;
}

export function unpackWeights(packed: string, scale: number): Map<number, number> {
  const colon = packed.indexOf(':');
  const n = Number(packed.slice(0, colon));
  const binary = atob(packed.slice(colon + 1));
  const ids = new Array<number>(n);
  let at = 0;
  let prev = 0;
  for (let i = 0; i < n; i++) {
    let d = 0;
    let shift = 0;
    for (;;) {
      const b = binary.charCodeAt(at++);
      d |= (b & 0x7f) << shift;
      if (b < 0x80) break;
      shift += 7;
    }
    prev += d;
    ids[i] = prev;
  }
  const out = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const lo = binary.charCodeAt(at++);
    const hi = binary.charCodeAt(at++);
    out.set(ids[i]!, ((((hi << 8) | lo) << 16) >> 16) * scale);
  }
  return out;
}

let loaded: { attack: { bias: number; dense: Float32Array }; intents: Array<{ intent: Intent } & Linear> } | null =
  null;

function model(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const w = LEARNED_WEIGHTS;
  const dense = new Float32Array(1 << FEATURE_BITS);
  for (const [id, weight] of unpackWeights(w.attack.weights, w.scale)) dense[id] = weight;
  loaded = {
    attack: { bias: w.attack.bias, dense },
    intents: w.intents.map((m) => ({
      intent: m.intent as Intent,
      bias: m.bias,
      weights: unpackWeights(m.weights, w.scale),
    })),
  };
  return loaded;
}

/** Whether the weights were trained on the lexicon the features now use (a changed concept needs a retrain). */
export const LEARNED_MODEL_CURRENT = LEARNED_WEIGHTS.lexicon === LEXICON_FINGERPRINT;
export const LEARNED_MODEL_ID = LEARNED_WEIGHTS.id;
export const LEARNED_THRESHOLDS: LearnedThresholds = LEARNED_WEIGHTS.thresholds;

export interface LearnedThresholds {
  /** From here the model's evidence refuses on its own. */
  refuse: number;
  /** From here it is weak evidence that refuses only together with a rule's. */
  review: number;
}

/**
 * The learned stage's evidence as a finding weight: nothing below the review threshold; from there
 * 0.25 (a weak finding that refuses only with other evidence) rising to just under BLOCK_SCORE at the
 * refusal threshold, then from 0.5 (a refusal on its own) to 0.97.
 */
export function learnedWeight(p: number, t: LearnedThresholds): number {
  if (p < t.review) return 0;
  if (p < t.refuse) return 0.25 + (0.24 * (p - t.review)) / Math.max(1e-9, t.refuse - t.review);
  return Math.min(0.97, 0.5 + (0.47 * (p - t.refuse)) / Math.max(1e-9, 1 - t.refuse));
}

/** Marks of the features already counted in the current window (generation-stamped, no clearing). */
const seen = new Int32Array(1 << FEATURE_BITS);
let generation = 0;

/**
 * The model's opinion of the strongest window over the given readings of one text. Sentences are
 * featurised once (readings share most of theirs); the intent is only worked out when the
 * probability reaches intentFrom.
 */
export function learnedOpinion(readings: readonly string[], intentFrom = 0): LearnedOpinion {
  const m = model();
  const cache = new Map<string, number[]>();
  // Readings of one text share most of their windows (a decoding or de-spacing changes a few sentences): each is scored once.
  const scored = new Set<string>();
  let best = -Infinity;
  let first = -Infinity;
  let bestFeatures: number[][] = [];
  let window = '';
  let reading = 0;
  readings.forEach((text, r) => {
    const sentences = sentencesOf(text);
    const features = sentences.map((s) => {
      let f = cache.get(s);
      if (!f) cache.set(s, (f = sentenceFeatures(s)));
      return f;
    });
    for (const [from, to] of windowRanges(sentences)) {
      const key = sentences.slice(from, to).join('');
      if (r > 0 && scored.has(key)) continue;
      scored.add(key);
      if (++generation === 0x7fffffff) {
        seen.fill(0);
        generation = 1;
      }
      let z = m.attack.bias;
      for (let i = from; i < to; i++) {
        for (const id of features[i]!) {
          if (seen[id] === generation) continue;
          seen[id] = generation;
          z += m.attack.dense[id]!;
        }
      }
      if (r === 0) first = Math.max(first, z);
      if (z > best) {
        best = z;
        bestFeatures = features.slice(from, to);
        window = key;
        reading = r;
      }
    }
  });
  const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));
  const probability = sigmoid(best);
  let intent: Intent = m.intents[0]!.intent;
  if (probability >= intentFrom) {
    const ids = [...new Set(bestFeatures.flat())];
    let top = -Infinity;
    for (const im of m.intents) {
      let z = im.bias;
      for (const id of ids) z += im.weights.get(id) ?? 0;
      if (z > top) {
        top = z;
        intent = im.intent;
      }
    }
  }
  return { probability, intent, window, reading, firstProbability: sigmoid(first) };
}
