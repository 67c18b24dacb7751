import { describe, expect, it } from 'vitest';
import { renderWorkingEntries, WORKING_MEMORY_HEADING, type WorkingEntry } from '../src';

let seq = 0;
function entry(content: string, over: Partial<WorkingEntry> = {}): WorkingEntry {
  seq++;
  return {
    id: `e${seq}`,
    kind: 'message',
    role: 'user',
    content,
    importance: 0.5,
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
    seq,
    ...over,
  };
}

describe('renderWorkingEntries', () => {
  it('orders by log position whatever the input order, one list item per entry', () => {
    const a = entry('first line\nsecond line');
    const b = entry('note text', { kind: 'note', role: null, importance: 0.9 });
    expect(renderWorkingEntries([b, a], 1000)).toBe(
      `${WORKING_MEMORY_HEADING}\n\n- **user**: first line second line\n- **note**: note text`,
    );
  });

  it('renders nothing for no entries or a budget too small for any entry', () => {
    expect(renderWorkingEntries([], 1000)).toBe('');
    expect(renderWorkingEntries([entry('hello')], 0)).toBe('');
    expect(renderWorkingEntries([entry('hello')], WORKING_MEMORY_HEADING.length + 3)).toBe('');
  });

  it('never splits a surrogate pair when truncating', () => {
    const text = renderWorkingEntries([entry('😀'.repeat(100))], 80);
    expect(text.length).toBeLessThanOrEqual(80);
    expect(text.endsWith('😀…')).toBe(true);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(text)).toBe(false);
  });

  it('keeps every budget, dropping lowest importance first and oldest first among equals', () => {
    const entries = [
      entry('a'.repeat(30), { importance: 0.5 }),
      entry('b'.repeat(30), { importance: 0.2 }),
      entry('c'.repeat(30), { importance: 0.5 }),
      entry('d'.repeat(30), { importance: 0.9 }),
    ];
    const full = renderWorkingEntries(entries, 10_000);
    const oneLine = full.length - renderWorkingEntries(entries.slice(1), 10_000).length;
    expect(renderWorkingEntries(entries, full.length - 1)).not.toContain('bbb');
    expect(renderWorkingEntries(entries, full.length - oneLine - 1)).not.toContain('aaa');
    expect(renderWorkingEntries(entries, full.length - oneLine - 1)).toContain('ccc');
    for (let budget = 0; budget < full.length + 3; budget++)
      expect(renderWorkingEntries(entries, budget).length).toBeLessThanOrEqual(budget);
  });
});
