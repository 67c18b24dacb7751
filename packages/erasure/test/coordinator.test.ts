import { randomInt, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runColdArchive, listBatches } from '@engram/archive';
import type { EngramEvent, SqlDatabase, StoredEvent } from '@engram/core';
import { PROJECTION_TABLES } from '@engram/projections';
import { filesContaining, make, openErasureStack, type ErasureStack } from './stack';

/** A word no text holds by chance: capitalised random letters (no digits, so the tokenizer keeps it whole). */
function secretWord(): string {
  let w = 'Q';
  for (let i = 0; i < 13; i++) w += String.fromCharCode(97 + randomInt(26));
  return w;
}
/** The part of a secret word no stemmer changes (suffixes only), for grepping folded index terms too. */
const needleOf = (secret: string) => secret.slice(0, 10);

async function dumpReadModels(db: SqlDatabase): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of Object.values(PROJECTION_TABLES).flat()) {
    const r = await db.query<{ row: unknown }>(`SELECT to_jsonb(t) AS row FROM ${table} t`);
    out[table] = r.rows.map((x) => JSON.stringify(x.row)).sort();
  }
  return out;
}

describe('erasure coordinator (embedded: sealed file log, PGlite on disk, local index snapshots)', () => {
  let s: ErasureStack;
  beforeEach(async () => {
    s = await openErasureStack();
  });
  afterEach(async () => {
    await s.stop().catch(() => undefined);
    await s.cleanup();
  });

  const scope = (userId: string) => ({ tenantId: 'acme', userId, agentId: null });
  const memoryWritten = (
    userId: string,
    content: string,
    over: Partial<EngramEvent> = {},
    extra: { sourceMessageIds?: string[]; key?: string | null; type?: 'USER' | 'ENVIRONMENT' } = {},
  ) =>
    make(
      'acme',
      userId,
      'MemoryWritten',
      {
        memoryId: randomUUID(),
        type: extra.type ?? 'USER',
        tier: 'SEMANTIC',
        key: extra.key ?? null,
        content,
        tags: ['t'],
        importance: 0.5,
        pinned: false,
        source: 'user_stated',
        confidence: 1,
        scope: null,
        metadata: { note: content },
        sourceMessageIds: extra.sourceMessageIds ?? [],
        episodeId: null,
        validFrom: null,
        validTo: null,
      },
      over,
    );
  const fact = (userId: string, content: string, sourceMessageIds: string[], episodeId: string | null) =>
    make('acme', userId, 'FactExtracted', {
      memoryId: randomUUID(),
      kind: 'fact',
      type: 'USER',
      key: null,
      content,
      tags: [],
      importance: 0.5,
      confidence: 0.8,
      source: 'consolidated',
      subject: 'user',
      predicate: 'likes',
      object: content,
      timeHint: null,
      sourceMessageIds,
      episodeId,
      extractor: 'rules@1',
      validFrom: null,
      validTo: null,
    });
  const episode = (userId: string, summary: string, sourceMessageIds: string[]) =>
    make('acme', userId, 'EpisodeCreated', {
      episodeId: randomUUID(),
      sessionKey: 's-1',
      summary,
      messageRangeStart: sourceMessageIds[0] ?? null,
      messageRangeEnd: sourceMessageIds.at(-1) ?? null,
      entityIds: [],
      importance: 0.5,
      sourceMessageIds,
      startedAt: null,
      endedAt: null,
    });
  const message = (userId: string, content: string) =>
    make('acme', userId, 'MessageObserved', { messageId: randomUUID(), role: 'user', content, metadata: {} });

  it('erases a user: the report completes with counts, and no byte under the data dir holds their text', async () => {
    const secret = secretWord();
    const other = secretWord();
    const said = message('erin', `I keep my bike at ${secret} station`);
    const ep = episode('erin', `Erin talked about ${secret} station`, [said.payload.messageId]);
    const derived = fact('erin', `Erin keeps a bike at ${secret}`, [said.payload.messageId], ep.payload.episodeId);
    const old = memoryWritten(
      'erin',
      `Erin once lived near ${secret}`,
      { occurredAt: '2020-01-01T00:00:00.000Z', recordedAt: '2020-01-01T00:00:00.000Z' },
      { type: 'ENVIRONMENT' },
    );
    await s.append([said, ep, derived, old]);
    const written = await s.app.writeMemory({
      scope: scope('erin'),
      type: 'USER',
      content: `Erin's locker code is kept at ${secret}`,
      key: 'user.locker',
    });
    const frank = await s.app.writeMemory({
      scope: scope('frank'),
      type: 'USER',
      content: `Frank's cabin is in ${other}`,
    });
    await s.caughtUp();
    // The cold archive wrote the old entry to a batch file: an erasure must rewrite it.
    const archived = await runColdArchive({ db: s.db, log: s.log, dataDir: s.dir }, { days: 30, now: new Date() });
    expect(archived.archived).toBe(1);
    await s.caughtUp();
    expect(await filesContaining(join(s.dir, 'archive'), needleOf(secret))).toHaveLength(1);

    const forgot = await s.app.forget({ scope: scope('erin'), target: 'user', reason: null });
    const report = await s.report(forgot.erasureId);
    expect(report).toMatchObject({
      erasureId: forgot.erasureId,
      status: 'completed',
      subject: { tenantId: 'acme', userId: 'erin', target: 'user', memoryId: null },
      requestEventId: forgot.eventId,
      error: null,
    });
    expect(report.removed).toMatchObject({
      messages: 1,
      episodes: 1,
      memories: 3,
      archive: 1,
      logPlaintext: 0,
      deadLetters: 0,
    });
    expect(report.removed.keys).toBeGreaterThanOrEqual(1);
    expect(report.removed.log).toBeGreaterThanOrEqual(4);
    expect(report.removed.textIndex).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(report)).not.toContain(needleOf(secret));
    expect(written.id).toBeTruthy();

    await s.stop();
    expect(await filesContaining(s.dir, needleOf(secret))).toEqual([]);
    // The grep finds what is there: the other user's text is still in the read store.
    expect((await filesContaining(s.dir, needleOf(other))).some((f) => f.includes('pglite'))).toBe(true);

    await s.restart();
    const events: StoredEvent[] = [];
    for await (const x of s.log.read()) if (x.event.userId === 'erin') events.push(x);
    const before = events.filter((x) => x.position.offset < Number(forgot.position.split(':')[1]));
    expect(
      before
        .filter((x) => ['MessageObserved', 'EpisodeCreated', 'FactExtracted', 'MemoryWritten'].includes(x.event.type))
        .every((x) => x.erased),
    ).toBe(true);
    expect(JSON.stringify(events.map((x) => x.event))).not.toContain(needleOf(secret));
    const hits = await s.app.query({ scope: scope('frank'), query: `cabin ${other}` });
    expect(hits.map((h) => h.id)).toContain(frank.id);
    expect(await s.app.query({ scope: scope('erin'), query: `bike locker ${secret}` })).toEqual([]);
    expect((await listBatches(join(s.dir, 'archive'))).length).toBe(1);
  });

  it('forgetting one memory takes the facts, episode and contradiction derived from it, and nothing else', async () => {
    const secret = secretWord();
    const hello = message('gina', 'Hello, I am Gina and I like green tea');
    const m = memoryWritten('gina', `Gina's diary is hidden in ${secret}`);
    const ep = episode('gina', `Gina said her diary is in ${secret}; she likes green tea`, [hello.payload.messageId]);
    const fromMemory = { ...fact('gina', `The diary is in ${secret}`, [m.payload.memoryId], ep.payload.episodeId) };
    const fromMessage = fact('gina', 'Gina likes green tea', [hello.payload.messageId], null);
    const kept = memoryWritten('gina', 'Gina plays the cello on Sundays');
    await s.append([hello, m, ep, fromMemory, fromMessage, kept]);
    const contradiction = make('acme', 'gina', 'ContradictionDetected', {
      contradictionId: randomUUID(),
      entryAId: kept.payload.memoryId,
      entryBId: m.payload.memoryId,
      description: `cello vs ${secret}`,
      confidence: 0.6,
      candidate: null,
    });
    await s.append([contradiction]);
    await s.caughtUp();

    const forgot = await s.app.forget({
      scope: scope('gina'),
      target: 'memory',
      memoryId: m.payload.memoryId,
      reason: null,
    });
    const report = await s.report(forgot.erasureId);
    expect(report.status).toBe('completed');
    expect(report.removed).toMatchObject({ memories: 1, facts: 1, episodes: 1, contradictions: 1, messages: 0 });
    expect(report.removed.keys).toBeGreaterThanOrEqual(3);

    await expect(
      s.app.getMemory({ scope: scope('gina'), memoryId: fromMemory.payload.memoryId }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await s.app.getMemory({ scope: scope('gina'), memoryId: kept.payload.memoryId })).content).toBe(
      'Gina plays the cello on Sundays',
    );
    expect((await s.app.getMemory({ scope: scope('gina'), memoryId: fromMessage.payload.memoryId })).content).toBe(
      'Gina likes green tea',
    );
    expect((await s.db.query('SELECT 1 FROM episodes WHERE id = $1', [ep.payload.episodeId])).rows).toHaveLength(0);
    const hits = await s.app.query({ scope: scope('gina'), query: 'cello Sundays' });
    expect(hits.map((h) => h.id)).toContain(kept.payload.memoryId);

    await s.stop();
    expect(await filesContaining(s.dir, needleOf(secret))).toEqual([]);
    await s.restart();
    const read: StoredEvent[] = [];
    for await (const x of s.log.read()) read.push(x);
    const byId = new Map(read.map((x) => [x.event.eventId, x]));
    for (const e of [m, ep, fromMemory, contradiction]) expect(byId.get(e.eventId)!.erased, e.type).toBe(true);
    for (const e of [hello, fromMessage, kept]) expect(byId.get(e.eventId)!.erased, e.type).toBeUndefined();
    expect((byId.get(kept.eventId)!.event as typeof kept).payload.content).toBe('Gina plays the cello on Sundays');
  });

  it('forgetting one memory leaves no byte of its key name, tags or metadata; a key another entry named stays readable', async () => {
    const lower = () => secretWord().toLowerCase();
    const [secret, tag, meta, keyWord, shared] = [lower(), lower(), lower(), lower(), lower()] as const;
    const gone = memoryWritten('jo', `Jo's ${secret} plan`, {}, { key: `user.${keyWord}` });
    const withTags = {
      ...gone,
      payload: { ...gone.payload, tags: [tag], metadata: { note: meta, nested: { deeper: [meta] } } },
    };
    const sharedA = memoryWritten('jo', 'Jo lives in Porto', {}, { key: `user.${shared}` });
    const sharedB = memoryWritten('jo', 'Jo lives in Braga', {}, { key: `user.${shared}` });
    await s.append([withTags, sharedA, sharedB]);
    await s.caughtUp();
    const forgotA = await s.app.forget({
      scope: scope('jo'),
      target: 'memory',
      memoryId: withTags.payload.memoryId,
      reason: null,
    });
    const forgotShared = await s.app.forget({
      scope: scope('jo'),
      target: 'memory',
      memoryId: sharedA.payload.memoryId,
      reason: null,
    });
    expect((await s.report(forgotA.erasureId)).removed.keys).toBe(2);
    // The key stays: the entry that superseded the forgotten one holds it.
    expect((await s.report(forgotShared.erasureId)).removed.keys).toBe(1);
    await s.caughtUp();
    const live = await dumpReadModels(s.db);
    await s.stop();
    for (const needle of [secret, tag, meta, keyWord])
      expect(await filesContaining(s.dir, needleOf(needle)), needle).toEqual([]);
    await s.restart();
    const read: StoredEvent[] = [];
    for await (const x of s.log.read()) read.push(x);
    const tomb = read.find((x) => x.event.eventId === withTags.eventId)!;
    expect(tomb.erased).toBe(true);
    expect(tomb.event.payload).toMatchObject({ key: null, content: '', tags: [], metadata: {} });
    expect((read.find((x) => x.event.eventId === sharedB.eventId)!.event as typeof sharedB).payload.key).toBe(
      `user.${shared}`,
    );
    expect((await s.app.getMemory({ scope: scope('jo'), memoryId: sharedB.payload.memoryId })).key).toBe(
      `user.${shared}`,
    );
    await s.stop();
    for (const d of ['pglite', 'index']) await rm(join(s.dir, d), { recursive: true, force: true });
    await s.restart();
    await s.caughtUp();
    expect(await dumpReadModels(s.db)).toEqual(live);
  });

  it('erasing a key takes every entry that named it, rejected attempts included; later writes to it stay; replay agrees', async () => {
    const keyWord = secretWord().toLowerCase();
    const key = `user.${keyWord}`;
    const v1 = memoryWritten('kim', 'Kim works at the harbour', {}, { key });
    const v2 = memoryWritten('kim', 'Kim works at the library', {}, { key });
    const refused = {
      ...memoryWritten('kim', 'Kim works at the mill', {}, { key }),
      payload: {
        ...memoryWritten('kim', 'x', {}, { key }).payload,
        content: 'Kim works at the mill',
        source: 'model_inferred' as const,
      },
    };
    const kept = memoryWritten('kim', 'Kim swims on Fridays', {}, { key: 'user.sport' });
    await s.append([v1, v2, refused, kept]);
    await s.caughtUp();
    const forgot = await s.app.forget({ scope: scope('kim'), target: 'key', key, reason: null });
    const after = memoryWritten('kim', 'Kim works at the bakery now', {}, { key });
    await s.append([after]);
    const report = await s.report(forgot.erasureId);
    expect(report.status).toBe('completed');
    expect(report.removed.memories).toBe(2);
    await s.caughtUp();
    expect((await s.app.getMemory({ scope: scope('kim'), memoryId: after.payload.memoryId })).key).toBe(key);
    expect((await s.app.getMemory({ scope: scope('kim'), memoryId: kept.payload.memoryId })).content).toBe(
      'Kim swims on Fridays',
    );
    for (const m of [v1, v2, refused])
      await expect(s.app.getMemory({ scope: scope('kim'), memoryId: m.payload.memoryId })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    const live = await dumpReadModels(s.db);
    await s.stop();
    for (const d of ['pglite', 'index']) await rm(join(s.dir, d), { recursive: true, force: true });
    await s.restart();
    await s.caughtUp();
    expect(await dumpReadModels(s.db)).toEqual(live);
    const read: StoredEvent[] = [];
    for await (const x of s.log.read()) read.push(x);
    const byId = new Map(read.map((x) => [x.event.eventId, x]));
    for (const m of [v1, v2, refused])
      expect(byId.get(m.eventId)!.event.payload, m.eventId).toMatchObject({ key: null, content: '' });
    expect((byId.get(forgot.eventId)!.event as { payload: { key: string | null } }).payload.key).toBeNull();
    expect((byId.get(after.eventId)!.event as typeof after).payload.key).toBe(key);
  });

  it('a replay after an erasure rebuilds the same read models: nothing erased comes back', async () => {
    const secret = secretWord();
    const m = memoryWritten('hal', `Hal hides the spare key under ${secret}`);
    const f = fact('hal', `Spare key under ${secret}`, [m.payload.memoryId], null);
    const keptMemory = memoryWritten('hal', 'Hal runs every Tuesday', {}, { key: 'user.sport' });
    await s.append([m, f, keptMemory]);
    const said = message('ida', `Ida's passport number sits in ${secret}`);
    await s.append([said]);
    await s.caughtUp();
    const one = await s.app.forget({
      scope: scope('hal'),
      target: 'memory',
      memoryId: m.payload.memoryId,
      reason: null,
    });
    const all = await s.app.forget({ scope: scope('ida'), target: 'user', reason: null });
    expect((await s.report(one.erasureId)).status).toBe('completed');
    expect((await s.report(all.erasureId)).status).toBe('completed');
    await s.caughtUp();
    const live = await dumpReadModels(s.db);
    expect(live.memories!.some((r) => r.includes('Hal runs every Tuesday'))).toBe(true);

    await s.stop();
    // Rebuild every read model and index from the log alone.
    for (const d of ['pglite', 'index']) await rm(join(s.dir, d), { recursive: true, force: true });
    await s.restart();
    await s.caughtUp();
    expect(await dumpReadModels(s.db)).toEqual(live);
    expect(JSON.stringify(await dumpReadModels(s.db))).not.toContain(needleOf(secret));
    const hits = await s.app.query({ scope: scope('hal'), query: `spare key ${secret}` });
    expect(hits.map((h) => h.id)).not.toContain(m.payload.memoryId);
    expect(hits.map((h) => h.id)).not.toContain(f.payload.memoryId);
  });
});
