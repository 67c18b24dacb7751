import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import { createContextRenderer, createHybridRetriever } from '@engram/retrieval';
import { memory, message, openHarness, openTestDatabase, type Harness } from './harness';

const scope = { tenantId: 't1', userId: 'u1', agentId: null };
let db: SqlDatabase;
let h: Harness;
const embedder = createHashEmbedder({ dimensions: 64 });

beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  h = await openHarness(embedder, db);
});
afterEach(async () => {
  await h.close();
});

const renderer = () =>
  createContextRenderer({
    db,
    retriever: createHybridRetriever({ db, textIndex: h.text, vectorIndex: h.vectors, embedder, clock: { now: () => new Date('2026-01-02T00:00:00Z') }, config: { rerankEnabled: false } }),
  });

describe('context renderer (R10)', () => {
  it('renders core snapshot, known facts, relevant history and the conversation so far', async () => {
    await h.append([
      memory('Name is Ada', { type: 'USER', key: 'name' }),
      memory('Deploy target is the Frankfurt cluster', { pinned: true }),
      memory('The Frankfurt cluster runs Kubernetes 1.31'),
      memory('Unrelated fact about gardening'),
      message('we migrated the Frankfurt cluster last week', 'old-1', { sessionId: 'past' }),
      message('what version does the cluster run?', 'now-1', { sessionId: 'current' }),
    ]);
    const out = await renderer().render({ scope, query: 'Frankfurt cluster version', sessionId: 'current', budgetChars: 2000 });
    expect(out.text).toContain('## Core profile\n- Deploy target is the Frankfurt cluster\n- name: Name is Ada');
    expect(out.text).toMatch(/## Known facts\n- The Frankfurt cluster runs Kubernetes 1\.31/);
    expect(out.text).toMatch(/## Relevant history\n- \(2026-01-01\) user: we migrated the Frankfurt cluster last week/);
    expect(out.text).toMatch(/## Conversation so far\nuser \(\d\d:\d\d\): what version does the cluster run\?/);
    // The current session's own messages are conversation, not history.
    expect(out.text.match(/what version does the cluster run/g)).toHaveLength(1);
    expect(out.sections).toMatchObject({ core: 2, history: 1, conversation: 1 });
    expect(out.sections.facts).toBeGreaterThanOrEqual(1);
    expect(out.text).not.toMatch(/## Known facts[^#]*Deploy target/);
  });

  it('keeps every section within its share of a small budget', async () => {
    await h.append(Array.from({ length: 30 }, (_, i) => memory(`Preference number ${i} about tea brewing temperatures and timing`, { type: 'USER' })));
    const out = await renderer().render({ scope, query: 'tea', budgetChars: 400 });
    expect(out.text.length).toBeLessThanOrEqual(400 + 100);
    expect(out.sections.core).toBeGreaterThan(0);
    expect(out.sections.core).toBeLessThan(30);
  });
});
