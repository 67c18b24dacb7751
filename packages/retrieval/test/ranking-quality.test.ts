import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock, Embedder, SqlDatabase } from '@engram/core';
import { createUseEmbedder } from '@engram/embedder-use';
import { createHybridRetriever, userNames } from '@engram/retrieval';
import { ev, memory, message, openHarness, openTestDatabase, type Harness } from './harness';

const clock: Clock = { now: () => new Date('2026-03-01T00:00:00.000Z') };
const scope = { tenantId: 't1', userId: 'u1', agentId: null };

let db: SqlDatabase;
let embedder: Embedder;
let h: Harness;

beforeAll(async () => {
  db = await openTestDatabase();
  embedder = createUseEmbedder();
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

const retriever = () =>
  createHybridRetriever({
    db,
    textIndex: h.text,
    vectorIndex: h.vectors,
    embedder,
    clock,
    config: { rerankEnabled: false },
  });

/** A USER fact as the rule-engine consolidator writes it (key, tags, importance by attribute). */
const fact = (content: string, key: string, importance: number, tags: string[]) =>
  memory(content, { type: 'USER', key, importance, tags: [...tags, 'en'], source: 'consolidated' });

describe('ranking of consolidated facts', () => {
  const name = fact("User's name is Alice", 'user.name', 0.85, ['name', 'profile']);
  const residence = fact('User lives in Berlin', 'user.residence', 0.8, ['residence', 'profile']);
  const editor = fact('Alice prefers Neovim', 'user.editor', 0.6, ['editor', 'fact']);
  const others = [
    fact('User works at Siemens', 'user.employer', 0.8, ['employer', 'profile']),
    fact('User is vegetarian', 'user.diet', 0.8, ['diet', 'profile']),
    fact('User has a dog named Rex', 'user.pet.dog', 0.6, ['pet', 'fact']),
  ];

  beforeEach(async () => {
    await h.append([message('Hi, my name is Alice and I live in Berlin.', 'm1'), name, residence, editor, ...others]);
  });

  it('a query word finds the inflected form in a fact ("live" → "User lives in Berlin")', async () => {
    const hits = await retriever().search({ scope, query: 'where does alice live?', k: 3 });
    expect(hits.map((x) => x.id)).toContain(residence.payload.memoryId);
  });

  it('"where does alice live?" ranks the residence fact above the name fact (the user\'s name does not discriminate)', async () => {
    const hits = await retriever().search({ scope, query: 'where does alice live?', k: 5 });
    const facts = hits.filter((x) => x.kind === 'memory').map((x) => x.id);
    expect(facts[0]).toBe(residence.payload.memoryId);
    expect(facts.indexOf(residence.payload.memoryId)).toBeLessThan(facts.indexOf(name.payload.memoryId));
  });

  it('"which editor does alice use?" ranks "Alice prefers Neovim" (key user.editor) first', async () => {
    const hits = await retriever().search({ scope, query: 'which editor does alice use?', k: 5 });
    expect(hits[0]!.id).toBe(editor.payload.memoryId);
  });

  it("a query that is only the user's name still finds the name fact", async () => {
    const hits = await retriever().search({ scope, query: 'alice', k: 5 });
    expect(hits.map((x) => x.id)).toContain(name.payload.memoryId);
  });
});

describe('userNames', () => {
  it('takes the extracted object when there is one, else the content without the key words; skips superseded names', async () => {
    const old = memory("User's name is Ally", { type: 'USER', key: 'user.nickname' });
    const next = memory("User's nickname is Al", { type: 'USER', key: 'user.nickname' });
    await h.append([
      memory('用户叫爱丽丝', { type: 'USER', key: 'user.name', metadata: { object: '爱丽丝' } }),
      memory('Alice Meyer', { type: 'USER', key: 'user.surname' }),
      memory('User lives in Berlin', { type: 'USER', key: 'user.residence' }),
      old,
      next,
      ev('MemorySuperseded', {
        memoryId: old.payload.memoryId,
        supersededBy: next.payload.memoryId,
        reason: 'renamed',
        contradictionId: null,
      }),
    ]);
    expect([...(await userNames(db, scope)).terms].sort()).toEqual(['al', 'alic', 'meyer', '丽丝', '爱丽']);
  });
});

describe("the user's state between searches", () => {
  it('a search sees a name written since the same retriever last searched for that user', async () => {
    const residence = fact('User lives in Berlin', 'user.residence', 0.8, ['residence', 'profile']);
    await h.append([
      message('Alice said hello', 'm1'),
      residence,
      fact('Alice prefers Neovim', 'user.editor', 0.6, []),
    ]);
    const r = retriever();
    const q = { scope, query: 'where does alice live?', k: 5, explain: true };
    const gateTerms = async () => (await r.search(q))[0]!.explain!.gate.terms;
    expect(await gateTerms()).toContain('alic');
    await h.append([fact("User's name is Alice", 'user.name', 0.85, ['name', 'profile'])]);
    // The name is the user now: it no longer discriminates, as for a retriever that never searched before.
    expect(await gateTerms()).not.toContain('alic');
    const again = (await r.search(q)).map((x) => [x.id, x.score]);
    expect(again).toEqual((await retriever().search(q)).map((x) => [x.id, x.score]));
  });
});
