/**
 * A deterministic synthetic memory corpus for the latency benchmark: template facts about one user's
 * life over common English words, each with one or two names drawn Zipf-like from a 20k-entry
 * invented vocabulary (people, places, projects), so postings lists have a realistic long tail.
 * Queries are questions built from one memory's own words, so each has a known target.
 */

import { seededRandom } from '@engram/core';

export type Rng = () => number;

/** Reproducible draws for the generator and the benchmark's question picks (core's mulberry32). */
export const seededRng: (seed: number) => Rng = seededRandom;

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ren',
  'to',
  'sha',
  'vel',
  'dor',
  'an',
  'bri',
  'cal',
  'fen',
  'gus',
  'hal',
  'is',
  'jor',
  'ky',
  'lu',
  'mar',
  'nia',
  'or',
  'pel',
  'qui',
  'ros',
  'sel',
  'tam',
  'ul',
  'vin',
  'wes',
  'xa',
  'yor',
  'zed',
];
const VERBS = [
  'likes',
  'prefers',
  'visited',
  'bought',
  'planned',
  'cooked',
  'fixed',
  'borrowed',
  'recommended',
  'painted',
  'studied',
  'booked',
  'cancelled',
  'shared',
  'reviewed',
  'sold',
  'repaired',
  'ordered',
  'practised',
  'forgot',
];
const OBJECTS = [
  'guitar',
  'bicycle',
  'laptop',
  'recipe',
  'garden',
  'apartment',
  'concert tickets',
  'hiking boots',
  'camera',
  'novel',
  'sourdough bread',
  'coffee grinder',
  'yoga class',
  'piano lessons',
  'train pass',
  'birthday gift',
  'vegetable soup',
  'running shoes',
  'telescope',
  'chess set',
  'wedding photos',
  'tax return',
  'dentist appointment',
  'car insurance',
  'spanish course',
  'podcast episode',
  'board game',
  'winter jacket',
  'paper lanterns',
  'kitchen table',
];
const PREPS = ['in', 'near', 'at', 'from', 'with', 'for'];
const PLACES = [
  'the office',
  'the lake house',
  'downtown',
  'the airport',
  'the farmers market',
  'the library',
  'the gym',
  'the old bakery',
  'the harbour',
  'the mountains',
  'the community centre',
  'the bookshop',
  'the clinic',
  'the park',
  'the museum',
];
const TIMES = [
  'last spring',
  'every weekend',
  'on monday mornings',
  'after work',
  'in december',
  'twice a month',
  'during the holidays',
  'yesterday',
  'next summer',
  'at night',
  'before breakfast',
  'in july',
];
const FEELINGS = [
  'was thrilled',
  'felt nervous',
  'was disappointed',
  'laughed a lot',
  'got lost',
  'stayed calm',
  'was surprised',
  'felt proud',
];
const QUESTION_OPENERS = [
  'what did i say about',
  'do you remember the',
  'when was the',
  'where was the',
  'tell me about the',
  'who had the',
];

export class SyntheticMemories {
  private readonly names: string[];
  private readonly zipfCdf: Float64Array;

  constructor(
    private readonly rng: Rng,
    vocabulary = 20_000,
  ) {
    const names = new Set<string>();
    while (names.size < vocabulary) {
      const n = 2 + Math.floor(rng() * 2);
      let w = '';
      for (let i = 0; i < n; i++) w += pick(rng, SYLLABLES);
      names.add(w[0]!.toUpperCase() + w.slice(1));
    }
    this.names = [...names];
    // Zipf with s = 1: rank r has weight 1/r.
    this.zipfCdf = new Float64Array(vocabulary);
    let sum = 0;
    for (let r = 0; r < vocabulary; r++) this.zipfCdf[r] = sum += 1 / (r + 1);
    for (let r = 0; r < vocabulary; r++) this.zipfCdf[r]! /= sum;
  }

  private name(): string {
    const u = this.rng();
    let lo = 0;
    let hi = this.zipfCdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.zipfCdf[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return this.names[lo]!;
  }

  /** One memory's text: "<Name> <verb> the <object> <prep> <place> <time>[ and <feeling>][ with <Name>]". */
  memory(): string {
    const r = this.rng;
    let s = `${this.name()} ${pick(r, VERBS)} the ${pick(r, OBJECTS)} ${pick(r, PREPS)} ${pick(r, PLACES)} ${pick(r, TIMES)}`;
    if (r() < 0.5) s += ` and ${pick(r, FEELINGS)}`;
    if (r() < 0.4) s += ` with ${this.name()}`;
    return s;
  }

  /** A question built from 2–3 content words of the given memory (its target). */
  queryFor(memory: string): string {
    const r = this.rng;
    const words = memory
      .split(/\s+/)
      .filter(
        (w) =>
          w.length > 3 &&
          !['with', 'near', 'from', 'every', 'during', 'before', 'after', 'the'].includes(w.toLowerCase()),
      );
    const chosen = new Set<string>();
    const want = Math.min(words.length, 2 + Math.floor(r() * 2));
    while (chosen.size < want) chosen.add(pick(r, words));
    return `${pick(r, QUESTION_OPENERS)} ${[...chosen].join(' ')}?`;
  }
}
