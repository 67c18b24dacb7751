import { describe, expect, it } from 'vitest';
import { partOf, type ExternalItem } from './external';

describe('external corpora: held-out part by group', () => {
  const items: ExternalItem[] = Array.from({ length: 400 }, (_, i) => ({
    source: i % 2 ? 'garak-latent' : 'locomo',
    group: `g${i % 100}`,
    intent: i % 2 ? 'instruction_override' : null,
    lang: 'en',
    text: `text ${i}`,
  }));

  it('keeps every group on one side, holding out about a quarter of the groups', () => {
    const held = partOf(items, 'held');
    const train = partOf(items, 'train');
    expect(held.length + train.length).toBe(items.length);
    const heldGroups = new Set(held.map((i) => `${i.source}/${i.group}`));
    for (const i of train) expect(heldGroups.has(`${i.source}/${i.group}`)).toBe(false);
    const share = heldGroups.size / new Set(items.map((i) => `${i.source}/${i.group}`)).size;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.35);
  });
});
