import { describe, expect, it } from 'vitest';
import { searchTerms, type IndexedDocMeta } from '@engram/core';
import { createLocalTextIndex } from '@engram/index-local';

const meta: IndexedDocMeta = {
  tenantId: 't',
  userId: 'u',
  agentId: null,
  kind: 'memory',
  tier: 'SEMANTIC',
  type: 'USER',
  tags: [],
  at: '2026-01-01T00:00:00.000Z',
};
const scope = { scope: { tenantId: 't', userId: 'u', agentId: null } };

describe('local text index analysis', () => {
  it('matches a query word against inflected forms in documents, and the other way round', async () => {
    const idx = await createLocalTextIndex();
    await idx.upsert([
      { id: 'lives', text: 'User lives in Berlin', meta },
      { id: 'name', text: "User's name is Alice", meta },
      { id: 'hiking', text: 'We went hiking in the Alps', meta },
    ]);
    expect((await idx.search('where does alice live?', scope, 10)).map((h) => h.id).sort()).toEqual(['lives', 'name']);
    expect((await idx.search('hikes', scope, 10)).map((h) => h.id)).toEqual(['hiking']);
    expect((await idx.search('lived', scope, 10)).map((h) => h.id)).toEqual(['lives']);
  });

  it('reports document frequencies by search term (stemmed)', async () => {
    const idx = await createLocalTextIndex();
    await idx.upsert([
      { id: 'a', text: 'She lives nearby', meta },
      { id: 'b', text: 'Living abroad was hard', meta },
    ]);
    const stats = await idx.termStats({ tenantId: 't', userId: 'u' }, searchTerms('live'));
    expect(stats.df.get('live')).toBe(2);
  });
});
