import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
  return readFileSync(DIR + file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as T);
}

/** dev: the split the rules were written against; heldout: written before the rules, never used to write them. */
export type Split = 'dev' | 'heldout';

export function loadSplit(split: Split): { attacks: CorpusAttack[]; negatives: CorpusNegative[] } {
  return { attacks: jsonl<CorpusAttack>(`${split}-base.jsonl`), negatives: jsonl<CorpusNegative>(`${split}-negatives.jsonl`) };
}
