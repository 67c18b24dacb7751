import { describe, expect, it } from 'vitest';
import { slotFamiliesOfWord, slotWords } from '@engram/core';

describe('slotFamiliesOfWord', () => {
  it('finds the families whose words hold the word, compared stemmed, in table order', () => {
    expect(slotFamiliesOfWord('live')).toContain('residence');
    expect(slotFamiliesOfWord('Lives')).toContain('residence');
    // Four letters or more: compared stemmed ("moves" and "moved" share "mov").
    expect(slotFamiliesOfWord('moves')).toContain('residence');
    expect(slotFamiliesOfWord('mov')).not.toContain('residence');
    const families = slotFamiliesOfWord('name');
    expect(families.slice(0, 2)).toEqual(['name', 'nickname']);
    for (const f of families) expect(slotWords(`user.${f}`).split(/\s+/)).toContain('name');
  });

  it('matches a Chinese piece inside a phrase of the class, and nothing for an unknown or empty word', () => {
    expect(slotFamiliesOfWord('住哪')).toContain('residence');
    expect(slotFamiliesOfWord('住')).toEqual([]);
    expect(slotFamiliesOfWord('zzzqx')).toEqual([]);
    expect(slotFamiliesOfWord('')).toEqual([]);
  });
});
