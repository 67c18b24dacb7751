import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  concernsAnyEntity,
  deterministicId,
  entityTerms,
  termsMentionEntity,
  searchTerms,
  type Clock,
  type QueryRequest,
  type SqlDatabase,
} from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import { createHybridRetriever, passesFilters, type Candidate } from '@engram/retrieval';
import { ev, memory, message, openHarness, openTestDatabase, type Harness } from './harness';
import { candidate as testCandidate } from './candidate';

const scope = { tenantId: 't1', userId: 'u1', agentId: null };

const candidate = (over: Partial<Candidate>): Candidate => testCandidate({ type: 'USER', ...over }, 'entity-test');

const req = (entities: string[], over: Partial<QueryRequest> = {}): QueryRequest => ({
  scope,
  query: 'anything',
  k: 10,
  entities,
  ...over,
});

describe('entity filter on hydrated candidates (R9)', () => {
  it('keeps an episode whose entity_ids hold the entity, by name or by slug', () => {
    const episode = candidate({
      kind: 'episode',
      tier: 'EPISODIC',
      type: null,
      content: 'Session of 4 messages.',
      metadata: { entityIds: ['acme_corp', 'berlin'] },
    });
    expect(passesFilters(episode, req(['Acme Corp']))).toBe(true);
    expect(passesFilters(episode, req(['acme_corp']))).toBe(true);
    expect(passesFilters(episode, req(['BERLIN']))).toBe(true);
    expect(passesFilters(episode, req(['Globex']))).toBe(false);
  });

  it('keeps a memory naming the entity in its key, tags or metadata, and nothing else', () => {
    const byKey = candidate({ key: 'client.acme_corp.contact', content: 'Main contact is Dana' });
    const byTag = candidate({ tags: ['Acme-Corp'], content: 'Invoices go out monthly' });
    const byMetadata = candidate({
      metadata: { subject: 'user', predicate: 'employer', object: 'Acme Corp' },
      content: 'User works there',
    });
    const nested = candidate({ metadata: { people: [{ company: 'ACME corp' }] }, content: 'Lunch on Friday' });
    const unrelated = candidate({
      key: 'client.globex.contact',
      tags: ['globex'],
      content: 'Main contact is Sam',
      metadata: { object: 'Globex' },
    });
    for (const c of [byKey, byTag, byMetadata, nested]) expect(passesFilters(c, req(['Acme Corp']))).toBe(true);
    expect(passesFilters(unrelated, req(['Acme Corp']))).toBe(false);
  });

  it('matches a mention in the text as consecutive case-folded tokens, not loose words', () => {
    const msg = candidate({
      kind: 'message',
      tier: 'EPISODIC',
      type: null,
      content: "I moved to New York City and joined ACME Corp's office there",
    });
    expect(passesFilters(msg, req(['new york']))).toBe(true);
    expect(passesFilters(msg, req(['acme corp']))).toBe(true);
    // Both words occur, but not as the name.
    expect(passesFilters(msg, req(['york new']))).toBe(false);
    expect(passesFilters(msg, req(['City Office']))).toBe(false);
    // Inflected forms stem like BM25 terms.
    expect(passesFilters(candidate({ content: 'She adopted two cats' }), req(['cat']))).toBe(true);
  });

  it('works for Chinese: multi-character names by bigrams, a single character inside a bigram', () => {
    const zh = candidate({ content: '我在北京大学读书，养了一只猫' });
    expect(passesFilters(zh, req(['北京']))).toBe(true);
    expect(passesFilters(zh, req(['北京大学']))).toBe(true);
    expect(passesFilters(zh, req(['猫']))).toBe(true);
    expect(passesFilters(zh, req(['上海']))).toBe(false);
    expect(passesFilters(zh, req(['狗']))).toBe(false);
    expect(
      passesFilters(
        candidate({ kind: 'episode', type: null, content: '本次会话', metadata: { entityIds: ['北京大学'] } }),
        req(['北京大学']),
      ),
    ).toBe(true);
  });

  it('treats several entities as any-of and combines with the other filters', () => {
    const c = candidate({ content: 'Trip to Berlin', tags: ['travel'] });
    expect(passesFilters(c, req(['Paris', 'Berlin']))).toBe(true);
    expect(passesFilters(c, req(['Paris', 'Rome']))).toBe(false);
    expect(passesFilters(c, req(['Berlin'], { tags: ['work'] }))).toBe(false);
    expect(passesFilters(c, req(['Berlin'], { types: ['ENVIRONMENT'] }))).toBe(false);
    expect(passesFilters(c, req([]))).toBe(true);
  });

  it('does not match bookkeeping metadata (ids, roles, extractor)', () => {
    const c = candidate({
      kind: 'message',
      tier: 'EPISODIC',
      type: null,
      content: 'hello there',
      metadata: { role: 'user', messageId: 'alice-1', extractor: 'rules@1' },
    });
    expect(passesFilters(c, req(['user']))).toBe(false);
    expect(passesFilters(c, req(['alice']))).toBe(false);
    expect(passesFilters(c, req(['rules']))).toBe(false);
  });

  it('an entity without letters or digits names nothing', () => {
    expect(entityTerms('!!!')).toEqual([]);
    expect(termsMentionEntity(searchTerms('anything at all'), [])).toBe(false);
    expect(concernsAnyEntity({ content: 'anything', key: null, tags: [], metadata: {} }, [[]])).toBe(false);
    expect(concernsAnyEntity({ content: 'anything', key: null, tags: [], metadata: {} }, [])).toBe(true);
  });
});

describe('entity filter through the hybrid retriever on real indexes', () => {
  const clock: Clock = { now: () => new Date('2026-03-01T00:00:00.000Z') };
  let db: SqlDatabase;
  let h: Harness;
  beforeAll(async () => {
    db = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    h = await openHarness(createHashEmbedder(), db);
  });
  afterEach(async () => {
    await h.close();
  });

  it('finds the documents about the entity even when many better matches are about others', async () => {
    const embedder = createHashEmbedder();
    const distractors = Array.from({ length: 40 }, (_, i) =>
      memory(`Weekly planning meeting ${i} with the Globex team about the roadmap meeting`),
    );
    const aboutAcme = memory('Planning meeting notes', { key: 'client.acme_corp.notes' });
    const acmeMessage = message('We had a planning call with Acme Corp today', 'm-1');
    const episode = ev(
      'EpisodeCreated',
      {
        episodeId: deterministicId('episode', 's2'),
        sessionKey: 's2',
        summary: 'Session of 3 messages. Topics: planning, meeting.',
        messageRangeStart: 'm-10',
        messageRangeEnd: 'm-12',
        entityIds: ['acme_corp', 'dana'],
        importance: 0.5,
        sourceMessageIds: ['m-10', 'm-11', 'm-12'],
        startedAt: '2026-01-05T10:00:00.000Z',
        endedAt: '2026-01-05T11:00:00.000Z',
      },
      { sessionId: 's2' },
    );
    await h.append([...distractors, aboutAcme, acmeMessage, episode]);
    const retriever = createHybridRetriever({
      db,
      textIndex: h.text,
      vectorIndex: h.vectors,
      embedder,
      clock,
      config: { rerankEnabled: false, candidatePoolSize: 5 },
    });

    const unfiltered = await retriever.search({ scope, query: 'planning meeting', k: 3 });
    expect(unfiltered.map((x) => x.id)).not.toContain(aboutAcme.payload.memoryId);

    const hits = await retriever.search({ scope, query: 'planning meeting', k: 3, entities: ['Acme Corp'] });
    expect(new Set(hits.map((x) => x.id))).toEqual(
      new Set([aboutAcme.payload.memoryId, acmeMessage.eventId, episode.payload.episodeId]),
    );

    const bySlug = await retriever.search({ scope, query: 'planning meeting', k: 10, entities: ['acme_corp'] });
    expect(bySlug.map((x) => x.id).sort()).toEqual(hits.map((x) => x.id).sort());

    expect(await retriever.search({ scope, query: 'planning meeting', k: 10, entities: ['Initech'] })).toEqual([]);
  });
});
