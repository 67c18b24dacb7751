import { describe, expect, it } from 'vitest';
import { change, session } from './rules-sessions';

/**
 * Words that are also names on Object.prototype ("constructor", "toString", "__proto__") are
 * ordinary words in a message: a lookup table that inherited them returned a function, and the
 * session's consolidation threw until it was dead-lettered.
 */
const WORDS = [...Object.getOwnPropertyNames(Object.prototype), 'prototype'];
const TEMPLATES = (w: string) => [
  `my ${w} is ${w}`,
  `My favourite ${w} is ${w}`,
  `I switched from ${w} to ${w}s`,
  `I moved from ${w} to Lyon`,
  `I have a ${w} named ${w}`,
  `I ${w} every morning`,
  `I have three ${w}`,
  `I'm reading ${w} now`,
  `我的${w}是${w}`,
  `我从${w}换成${w}了`,
  `我每天${w}`,
  `我有三个${w}`,
];

describe('words that name Object.prototype members are words', () => {
  it.each(WORDS)('"%s" in statements and changes, EN and ZH, extracts without throwing', async (w) => {
    const turns = TEMPLATES(w);
    await expect(session(turns, '2025-01-15T10:00:00.000Z')).resolves.toBeInstanceOf(Array);
    await expect(change([`my ${w} is Lisbon`, `I live in ${w}`], turns)).resolves.toBeDefined();
  });

  it('keeps such a word as a value', async () => {
    const facts = await session(['My nickname is Constructor.'], '2025-01-15T10:00:00.000Z');
    expect(facts.some((f) => f.object === 'Constructor')).toBe(true);
  });
});
