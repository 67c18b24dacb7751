import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  countWrites,
  type Clock,
  type Embedder,
  type EngramEvent,
  type QueryRequest,
  type SqlDatabase,
  type SqlWriteClocks,
} from '@engram/core';
import { createUseEmbedder } from '@engram/embedder-use';
import { createHybridRetriever } from '@engram/retrieval';
import { ev, memory, message, openHarness, openTestDatabase, type Harness } from './harness';

const NOW = new Date('2026-03-01T00:00:00.000Z');
const clock: Clock = { now: () => NOW };
const u1 = { tenantId: 't1', userId: 'u1', agentId: null };

let raw: SqlDatabase;
let db: SqlDatabase;
let clocks: SqlWriteClocks;
let statements = 0;
let embedder: Embedder;
let h: Harness;

beforeAll(async () => {
  raw = await openTestDatabase();
  const counted = countWrites(raw);
  clocks = counted.clocks;
  // The statements that read the read models' documents (the retriever's; idle projectors send none).
  db = {
    ...counted.db,
    kind: counted.db.kind,
    query: (sql, params) => {
      if (/^\s*select\b[\s\S]*\bfrom (memories|messages|episodes)\b/i.test(sql)) statements++;
      return counted.db.query(sql, params);
    },
  };
  embedder = createUseEmbedder();
}, 60_000);
afterAll(async () => {
  await raw.close();
});
beforeEach(async () => {
  h = await openHarness(embedder, db);
});
afterEach(async () => {
  await h.close();
});

const retriever = (quiet: boolean) =>
  createHybridRetriever({
    db,
    ...(quiet ? { writeClocks: clocks } : {}),
    textIndex: h.text,
    contextTextIndex: h.context,
    vectorIndex: h.vectors,
    embedder,
    clock,
    config: { rerankEnabled: false },
  });

const QUESTIONS: QueryRequest[] = [
  { scope: u1, query: 'where does the user live', k: 10 },
  { scope: u1, query: 'what is Maria working on', k: 10 },
  { scope: u1, query: 'garden tomatoes', k: 5 },
  { scope: u1, query: 'garden', k: 10, types: ['USER'] },
  { scope: u1, query: 'flight to Oslo', k: 10, sessionId: 's1' },
  { scope: { tenantId: 't1', userId: 'u2', agentId: null }, query: 'garden tomatoes', k: 10 },
  { scope: { tenantId: 't2', userId: 'u1', agentId: null }, query: 'where does the user live', k: 10 },
  { scope: { tenantId: 't1', userId: 'u1', agentId: 'a' }, query: 'garden', k: 10 },
];

describe('reads taken again while nothing was written (quiet-reads.ts)', () => {
  it('answers exactly as the SQL path after every kind of change, and sends no statement while nothing changed', async () => {
    const lisbon = memory('User lives in Lisbon', { type: 'USER', key: 'user.city' });
    const tomatoes = memory('The garden has tomatoes and basil', { type: 'USER' });
    const corpus: EngramEvent[] = [
      memory("User's name is Maria", { type: 'USER', key: 'user.name', metadata: { object: 'Maria' } }),
      lisbon,
      tomatoes,
      memory('Maria is working on a garden planner app'),
      memory('The garden fence needs paint', {}, { agentId: 'a' }),
      memory('Another user grows tomatoes too', {}, { userId: 'u2' }),
      memory('User lives in Porto', { type: 'USER', key: 'user.city' }, { tenantId: 't2' }),
      message('my flight to Oslo is on Friday', 'm1'),
    ];
    await h.append(corpus);
    const quiet = retriever(true);
    const sql = retriever(false);
    const same = async (when: string) => {
      for (const q of QUESTIONS) {
        const viaSql = await sql.search(q);
        expect(await quiet.search(q), `${when}: ${q.query}`).toEqual(viaSql);
        // Asked again with nothing written: the same answer, from what was read, with no statement.
        const sent = statements;
        expect(await quiet.search(q), `${when}, again: ${q.query}`).toEqual(viaSql);
        expect(statements - sent, `${when}, again: ${q.query}`).toBe(0);
      }
    };
    await same('first searches');
    // A fact replaced (the user's replaced values change), a new name, an archived and an accessed memory.
    await h.append([
      memory('User lives in Montreal', { type: 'USER', key: 'user.city' }),
      memory("User's nickname is Mia", { type: 'USER', key: 'user.nickname', metadata: { object: 'Mia' } }),
    ]);
    await same('after a replaced value and a new name');
    await h.append([
      ev('MemoryArchived', { memoryId: tomatoes.payload.memoryId, reason: 'manual', effectiveImportance: null }),
      ev('MemoryAccessed', { memoryIds: [lisbon.payload.memoryId], queryHash: null, counts: [3], queries: 3 }),
    ]);
    await same('after archiving and accesses');
    // Written behind the projectors' back, through the same database handle.
    await db.query('UPDATE memories SET importance = 0.95 WHERE id = $1', [lisbon.payload.memoryId]);
    await same('after an UPDATE');
    await h.append([
      ev('MemoryForgotten', {
        target: 'memory',
        memoryId: tomatoes.payload.memoryId,
        key: null,
        reason: null,
        requestedBy: 'user',
        erasureId: null,
        derived: null,
      }),
    ]);
    await same('after a forget');
    await db.query('DELETE FROM messages');
    await same('after a DELETE');
  });

  it('reads again when a write overlapped the statement that read the rows', async () => {
    const doc = memory('The boiler was serviced in May', { type: 'USER' });
    await h.append([doc]);
    const quiet = retriever(true);
    const q = { scope: u1, query: 'boiler serviced', k: 5 };
    expect((await quiet.search(q))[0]).toMatchObject({ id: doc.payload.memoryId, importance: 0.5 });
    // The write is sent while the search's statement is in flight; what that statement read may be old.
    const searching = quiet.search({ ...q, query: 'boiler serviced May' });
    const write = db.query('UPDATE memories SET importance = 0.8 WHERE id = $1', [doc.payload.memoryId]);
    await Promise.all([searching, write]);
    expect((await quiet.search({ ...q, query: 'boiler serviced May' }))[0]).toMatchObject({ importance: 0.8 });
    expect((await quiet.search(q))[0]).toMatchObject({ importance: 0.8 });
  });
});
