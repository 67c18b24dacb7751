import { describe, expect, it } from 'vitest';
import { QUERY_TEXT_BOUND_CHARS } from '@engram/contract';
import { boundQueryText } from '../src/index';

describe('query cost bound', () => {
  it('keeps a query within the bound whole', () => {
    expect(boundQueryText('where do I live?', 1024)).toBe('where do I live?');
    const exact = 'x'.repeat(QUERY_TEXT_BOUND_CHARS);
    expect(boundQueryText(exact, QUERY_TEXT_BOUND_CHARS)).toBe(exact);
  });

  it('keeps both ends of a longer one, at word boundaries, within the bound', () => {
    const question = 'Where did I say my sister moved to?';
    const pasted = Array.from({ length: 200 }, (_, i) => `filler sentence number ${i} about nothing.`).join(' ');
    for (const text of [`${question} ${pasted}`, `${pasted} ${question}`]) {
      const b = boundQueryText(text, 256);
      expect(b.length).toBeLessThanOrEqual(256);
      expect(b).toContain(question);
      expect(b).toContain(' … ');
      expect(b).not.toMatch(/^\S*\s?$/);
    }
    expect(boundQueryText(`${question} ${pasted}`, 256).startsWith(question)).toBe(true);
    expect(boundQueryText(`${pasted} ${question}`, 256).endsWith(question)).toBe(true);
  });

  it('never splits a surrogate pair (emoji) or leaves CJK text empty', () => {
    const emoji = '😀'.repeat(600);
    const b = boundQueryText(emoji, 101);
    expect(b.length).toBeLessThanOrEqual(101);
    expect([...b.replace(' … ', '')].every((c) => c === '😀')).toBe(true);
    const zh = '我住在柏林并且每天骑自行车上班'.repeat(100);
    const z = boundQueryText(zh, 200);
    expect(z.length).toBeLessThanOrEqual(200);
    expect(z.startsWith('我住在柏林')).toBe(true);
  });
});
