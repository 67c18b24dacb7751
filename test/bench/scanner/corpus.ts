import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BENIGN_TRANSFORMS, TRANSFORMS, type Transform } from './obfuscate';
import { FRESH_BENIGN_TRANSFORMS, FRESH_TRANSFORMS } from './obfuscate-fresh';

export interface CorpusAttack {
  intent: string;
  lang: string;
  text: string;
}
export interface CorpusNegative {
  lang: string;
  text: string;
}

const DIR = fileURLToPath(new URL('../../fixtures/injection/', import.meta.url));

function jsonl<T>(file: string): T[] {
  return readFileSync(DIR + file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

/**
 * dev: the split the rules were written against; heldout: written before the rules, never used to
 * write them; fresh: a second, independent set (other phrasings, carriers and obfuscations) whose
 * misses may be looked at; fresh-sealed: its other half, only ever reported as aggregates; dev2: a
 * second training split (round 3, for the learned stage); sealed3: written at the start of round 3,
 * before any of its work, never used to tune anything, only ever reported as aggregates.
 */
export const SPLITS = ['dev', 'dev2', 'heldout', 'fresh', 'fresh-sealed', 'sealed3'] as const;
export type Split = (typeof SPLITS)[number];

export interface LoadedSplit {
  attacks: CorpusAttack[];
  negatives: CorpusNegative[];
  transforms: Readonly<Record<string, Transform>>;
  benign: Readonly<Record<string, Transform>>;
  /** Whether the bench may print this split's individual misses (never for the sealed half). */
  listable: boolean;
}

export function loadSplit(split: Split): LoadedSplit {
  const file = split === 'fresh' ? 'fresh-open' : split;
  const fresh = split !== 'dev' && split !== 'heldout';
  return {
    attacks: jsonl<CorpusAttack>(`${file}-base.jsonl`),
    negatives: jsonl<CorpusNegative>(`${file}-negatives.jsonl`),
    transforms: fresh ? { ...TRANSFORMS, ...FRESH_TRANSFORMS } : TRANSFORMS,
    benign: fresh ? { ...BENIGN_TRANSFORMS, ...FRESH_BENIGN_TRANSFORMS } : BENIGN_TRANSFORMS,
    listable: split === 'dev' || split === 'dev2' || split === 'fresh',
  };
}
