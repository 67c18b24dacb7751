import { describe, expect, it } from 'vitest';
import type { QueryHit } from '@engram/core';
import { evaluate, rates, type MemoryRow } from './evaluate';
import { scenario } from './scenario';

const sc = scenario(
  't-1',
  'en',
  'residence',
  ['I live in Lisbon.', 'I work at Acme.'],
  ['I moved to Montreal.'],
  'Where does the user live now?',
  'Montreal',
  'Lisbon',
  'Acme',
);
const row = (content: string, supersededBy: string | null = null): MemoryRow => ({
  content,
  tier: 'SEMANTIC',
  supersededBy,
});
const hit = (content: string) => ({ content, supersededBy: null }) as unknown as QueryHit;

describe('updates bench: the rates that tell failures apart', () => {
  it('a stored change with the old value still active is counted apart from a change never stored', () => {
    const unmatched = evaluate(sc, {
      hits: [hit('User lives in Montreal')],
      context: '',
      rows: [row('User lives in Lisbon'), row('User lives in Montreal'), row('User works at Acme')],
      rowsBefore: [row('User lives in Lisbon'), row('User works at Acme')],
      asOfHits: null,
    });
    const missed = evaluate(sc, {
      hits: [hit('User lives in Lisbon')],
      context: '',
      rows: [row('User lives in Lisbon')],
      rowsBefore: [row('User lives in Lisbon')],
      asOfHits: null,
    });
    const matched = evaluate(sc, {
      hits: [hit('User lives in Montreal')],
      context: '',
      rows: [row('User lives in Lisbon', 'm2'), row('User lives in Montreal'), row('User works at Acme')],
      rowsBefore: [row('User lives in Lisbon'), row('User works at Acme')],
      asOfHits: null,
    });
    expect([unmatched, missed, matched].map((o) => [o.currentStored, o.oldArchived, o.unrelatedExtracted])).toEqual([
      [true, false, true],
      [false, false, false],
      [true, true, true],
    ]);
    const r = rates([unmatched, missed, matched]);
    expect([r['current-stored'], r['stored-old-kept'], r['unrelated-extracted']]).toEqual([2 / 3, 1 / 3, 2 / 3]);
  });
});
