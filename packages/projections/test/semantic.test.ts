import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SqlDatabase } from '@engram/core';
import {
  findActiveByKey,
  getContradiction,
  getMemory,
  keyHistory,
  listContradictions,
  listMemories,
  listSkills,
  listWriteRejections,
  memoryHistory,
  runMigrations,
  semanticProjector,
} from '../src';
import { applyEvents } from './helpers/apply';
import { describeWithServers } from '@engram/testing';
import { backends } from './helpers/backends';
import { count } from './helpers/table-hash';
import { EventFactory, freshScope, memoryIdOf, uid } from './helpers/events';

for (const backend of backends()) {
  describeWithServers(backend.servers, `semantic projector on ${backend.name}`, () => {
    let db: SqlDatabase;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db);
    });
    afterAll(async () => dispose?.());
    const apply = (...events: Parameters<typeof applyEvents>[2][number][]) =>
      applyEvents(db, semanticProjector, events);

    it('stores a SEMANTIC MemoryWritten as a MemoryEntry with ISO times and a created history row', async () => {
      const f = new EventFactory(freshScope('agent-a'), 'sess-1');
      const w = f.memory({
        key: 'pref.editor',
        content: 'Uses vim',
        tags: ['editor'],
        importance: 0.7,
        metadata: { from: 'chat' },
        sourceMessageIds: ['m1'],
        validFrom: '2026-01-01T00:00:00.000Z',
      });
      await apply(w, f.memory({ tier: 'WORKING', content: 'a session note' }));
      const m = await getMemory(db, f.scope, memoryIdOf(w));
      expect(m).toMatchObject({
        id: memoryIdOf(w),
        tenantId: f.scope.tenantId,
        userId: f.scope.userId,
        agentId: 'agent-a',
        type: 'USER',
        tier: 'SEMANTIC',
        kind: 'memory',
        key: 'pref.editor',
        content: 'Uses vim',
        tags: ['editor'],
        sourceSession: 'sess-1',
        createdAt: w.event.occurredAt,
        updatedAt: w.event.occurredAt,
        importance: 0.7,
        accessCount: 0,
        lastAccessed: null,
        version: 1,
        supersededBy: null,
        source: 'user_stated',
        pinned: false,
        metadata: { from: 'chat' },
        sourceMessageIds: ['m1'],
        validFrom: '2026-01-01T00:00:00.000Z',
      });
      expect(await listMemories(db, f.scope)).toHaveLength(1);
      expect((await memoryHistory(db, f.scope, memoryIdOf(w))).map((h) => [h.action, h.version, h.content])).toEqual([
        ['created', 1, 'Uses vim'],
      ]);
      // Agent isolation on reads: another agent of the same user does not see it.
      expect(await getMemory(db, { ...f.scope, agentId: 'agent-b' }, memoryIdOf(w))).toBeNull();
      expect(await getMemory(db, { ...f.scope, userId: 'someone-else' }, memoryIdOf(w))).toBeNull();
    });

    it('stores FactExtracted with its kind and lineage', async () => {
      const f = new EventFactory(freshScope());
      const x = f.fact({
        kind: 'profile',
        key: 'profile.city',
        content: 'Lives in Lyon',
        subject: 'user',
        predicate: 'lives_in',
        object: 'Lyon',
      });
      await apply(x);
      expect(await getMemory(db, f.scope, memoryIdOf(x))).toMatchObject({
        kind: 'profile',
        source: 'consolidated',
        type: 'ENVIRONMENT',
        metadata: { extractor: 'rules@1', predicate: 'lives_in', object: 'Lyon' },
      });
    });

    it('rejects a consolidated write to a user_stated key (P1) and records why', async () => {
      const f = new EventFactory(freshScope());
      const stated = f.memory({ key: 'user.name', content: 'My name is Ana', source: 'user_stated' });
      const inferred = f.fact({ key: 'user.name', content: 'Name is Anna', source: 'consolidated' });
      await apply(stated, inferred);
      expect(await getMemory(db, f.scope, memoryIdOf(inferred))).toBeNull();
      const active = await findActiveByKey(db, f.scope, 'user.name');
      expect(active).toMatchObject({ id: memoryIdOf(stated), version: 1, tier: 'SEMANTIC', supersededBy: null });
      const hist = await keyHistory(db, f.scope, 'user.name');
      expect(hist.map((h) => [h.action, h.memoryId])).toEqual([
        ['created', memoryIdOf(stated)],
        ['rejected', memoryIdOf(inferred)],
      ]);
      expect(hist[1]!.reason).toMatch(/consolidated.*user_stated.*user_stated wins/);
      expect(hist[1]!.relatedId).toBe(memoryIdOf(stated));
    });

    it('lets user_stated supersede consolidated: version + 1, old entry archived with superseded_by', async () => {
      const f = new EventFactory(freshScope());
      const old = f.fact({ key: 'user.diet', content: 'Eats meat', source: 'consolidated' });
      const stated = f.memory({ key: 'user.diet', content: 'I am vegetarian', source: 'user_stated' });
      await apply(old, stated);
      expect(await getMemory(db, f.scope, memoryIdOf(old))).toMatchObject({
        tier: 'ARCHIVAL',
        supersededBy: memoryIdOf(stated),
        version: 1,
      });
      expect(await findActiveByKey(db, f.scope, 'user.diet')).toMatchObject({ id: memoryIdOf(stated), version: 2 });
      const lattice = await memoryHistory(db, f.scope, memoryIdOf(old));
      expect(lattice.map((h) => [h.memoryId, h.action, h.version])).toEqual([
        [memoryIdOf(old), 'created', 1],
        [memoryIdOf(old), 'superseded', 1],
        [memoryIdOf(stated), 'created', 2],
      ]);
      expect(await memoryHistory(db, f.scope, memoryIdOf(stated))).toEqual(lattice);
      // An equal provenance also updates (>=), continuing the chain.
      const again = f.memory({ key: 'user.diet', content: 'I am vegan now', source: 'user_stated' });
      await apply(again);
      expect(await findActiveByKey(db, f.scope, 'user.diet')).toMatchObject({ id: memoryIdOf(again), version: 3 });
      expect((await memoryHistory(db, f.scope, memoryIdOf(old))).filter((h) => h.action === 'created')).toHaveLength(3);
    });

    it('keeps keys of different agents apart', async () => {
      const f = new EventFactory(freshScope('agent-1'));
      const a = f.memory({ key: 'k', content: 'agent one value' });
      const b = f.memory({ key: 'k', content: 'agent two value', source: 'legacy' }, { agentId: 'agent-2' });
      await apply(a, b);
      expect(await findActiveByKey(db, f.scope, 'k')).toMatchObject({ id: memoryIdOf(a), version: 1 });
      expect(await findActiveByKey(db, { ...f.scope, agentId: 'agent-2' }, 'k')).toMatchObject({
        id: memoryIdOf(b),
        version: 1,
      });
    });

    it('treats the same memory id again as a no-op (replay)', async () => {
      const f = new EventFactory(freshScope());
      const w = f.memory({ key: 'r', content: 'first' });
      const sameId = f.memory({ memoryId: memoryIdOf(w), key: 'r', content: 'retry with other text' });
      await apply(w, sameId);
      expect(await listMemories(db, f.scope)).toHaveLength(1);
      expect((await getMemory(db, f.scope, memoryIdOf(w)))!.content).toBe('first');
    });

    it('does not store an unkeyed duplicate (normalized content) and notes it on the existing entry', async () => {
      const f = new EventFactory(freshScope());
      const a = f.memory({ content: 'Likes  green tea' });
      const b = f.memory({ content: '  likes GREEN tea ' });
      const c = f.memory({ content: 'Likes black tea' });
      await apply(a, b, c);
      expect((await listMemories(db, f.scope)).map((m) => m.content).sort()).toEqual([
        'Likes  green tea',
        'Likes black tea',
      ]);
      const h = await memoryHistory(db, f.scope, memoryIdOf(a));
      expect(h.map((x) => [x.memoryId, x.action, x.relatedId])).toEqual([
        [memoryIdOf(a), 'created', null],
        [memoryIdOf(a), 'deduplicated', memoryIdOf(b)],
      ]);
    });

    it('counts accesses only for the entries of the same tenant and user', async () => {
      const f = new EventFactory(freshScope());
      const g = new EventFactory(freshScope());
      const mine = f.memory({ content: 'mine' });
      const theirs = g.memory({ content: 'theirs' });
      await apply(mine, theirs);
      const acc1 = f.make('MemoryAccessed', {
        memoryIds: [memoryIdOf(mine), memoryIdOf(theirs), 'not-a-uuid'],
        queryHash: null,
        counts: [3, 5, 1],
        queries: 5,
      });
      const acc2 = f.make('MemoryAccessed', {
        memoryIds: [memoryIdOf(mine)],
        queryHash: 'abc',
        counts: [1],
        queries: 1,
      });
      await apply(acc1, acc2);
      expect(await getMemory(db, f.scope, memoryIdOf(mine))).toMatchObject({
        accessCount: 4,
        lastAccessed: acc2.event.occurredAt,
      });
      expect(await getMemory(db, g.scope, memoryIdOf(theirs))).toMatchObject({ accessCount: 0, lastAccessed: null });
    });

    it('counts a v1 access event (no counts) once per memory', async () => {
      const f = new EventFactory(freshScope());
      const m = f.memory({ content: 'old access format' });
      await apply(m);
      const v1 = f.make('MemoryAccessed', { memoryIds: [memoryIdOf(m)], queryHash: null, counts: [], queries: 1 });
      await apply(v1);
      expect(await getMemory(db, f.scope, memoryIdOf(m))).toMatchObject({ accessCount: 1 });
    });

    it('one history row per change: a keyed supersession followed by its MemorySuperseded; valid and record times', async () => {
      const f = new EventFactory(freshScope());
      const old = f.memory({ key: 'user.residence', content: 'User lives in Lisbon', source: 'consolidated' });
      const next = f.memory({
        key: 'user.residence',
        content: 'User lives in Montreal',
        source: 'consolidated',
        validFrom: '2030-03-02T00:00:00.000Z',
      });
      await apply(
        old,
        next,
        f.make('MemorySuperseded', {
          memoryId: memoryIdOf(old),
          supersededBy: memoryIdOf(next),
          reason: 'contradicted by a newer fact',
          contradictionId: null,
        }),
      );
      const h = await keyHistory(db, f.scope, 'user.residence');
      expect(h.filter((x) => x.action === 'superseded')).toHaveLength(1);
      const was = await getMemory(db, f.scope, memoryIdOf(old));
      expect(was).toMatchObject({
        tier: 'ARCHIVAL',
        supersededBy: memoryIdOf(next),
        validTo: '2030-03-02T00:00:00.000Z',
        validFrom: old.event.occurredAt,
        recordedAt: old.event.recordedAt,
      });
      expect(h.find((x) => x.action === 'superseded')).toMatchObject({
        validTo: '2030-03-02T00:00:00.000Z',
        recordedAt: next.event.recordedAt,
      });
      expect(h.find((x) => x.action === 'created' && x.memoryId === memoryIdOf(next))).toMatchObject({
        validFrom: '2030-03-02T00:00:00.000Z',
        validTo: null,
      });
    });

    it('a value already over when stated (validTo in the past) is history: kept, replacing nothing', async () => {
      const f = new EventFactory(freshScope());
      const now = f.memory({ key: 'user.residence', content: 'User lives in Montreal', source: 'consolidated' });
      const past = f.memory({
        key: 'user.residence',
        content: 'User lived in Lisbon',
        source: 'consolidated',
        validFrom: '2019-01-01T00:00:00.000Z',
        validTo: '2022-06-01T00:00:00.000Z',
      });
      await apply(now, past);
      expect(await getMemory(db, f.scope, memoryIdOf(now))).toMatchObject({ tier: 'SEMANTIC', supersededBy: null });
      expect(await getMemory(db, f.scope, memoryIdOf(past))).toMatchObject({
        tier: 'ARCHIVAL',
        validTo: '2022-06-01T00:00:00.000Z',
      });
    });

    it('pins, unpins, archives, supersedes and restores with history', async () => {
      const f = new EventFactory(freshScope());
      const a = f.memory({ key: 'lang', content: 'Writes Go', source: 'consolidated' });
      const b = f.memory({ content: 'unkeyed' });
      await apply(a, b, f.make('MemoryPinned', { memoryId: memoryIdOf(b) }));
      expect((await getMemory(db, f.scope, memoryIdOf(b)))!.pinned).toBe(true);
      await apply(
        f.make('MemoryUnpinned', { memoryId: memoryIdOf(b) }),
        f.make('MemoryArchived', { memoryId: memoryIdOf(b), reason: 'decay', effectiveImportance: 0.01 }),
      );
      expect(await getMemory(db, f.scope, memoryIdOf(b))).toMatchObject({ pinned: false, tier: 'ARCHIVAL' });
      await apply(f.make('MemoryRestored', { memoryId: memoryIdOf(b) }));
      expect((await getMemory(db, f.scope, memoryIdOf(b)))!.tier).toBe('SEMANTIC');
      expect((await memoryHistory(db, f.scope, memoryIdOf(b))).map((h) => h.action)).toEqual([
        'created',
        'pinned',
        'unpinned',
        'archived',
        'restored',
      ]);

      // Consolidator-driven supersession, then restore of the loser: superseded_by stays while the winner holds the key.
      const winner = f.memory({ key: 'lang', content: 'Writes Rust', source: 'consolidated' });
      await apply(winner);
      expect(await getMemory(db, f.scope, memoryIdOf(a))).toMatchObject({
        tier: 'ARCHIVAL',
        supersededBy: memoryIdOf(winner),
      });
      await apply(f.make('MemoryRestored', { memoryId: memoryIdOf(a) }));
      expect(await getMemory(db, f.scope, memoryIdOf(a))).toMatchObject({
        tier: 'SEMANTIC',
        supersededBy: memoryIdOf(winner),
      });
      await apply(
        f.make('MemorySuperseded', {
          memoryId: memoryIdOf(a),
          supersededBy: memoryIdOf(winner),
          reason: 'contradiction',
          contradictionId: null,
        }),
      );
      expect(await getMemory(db, f.scope, memoryIdOf(a))).toMatchObject({
        tier: 'ARCHIVAL',
        supersededBy: memoryIdOf(winner),
      });
      // With the key free again (winner archived), a restore clears superseded_by.
      await apply(
        f.make('MemoryArchived', { memoryId: memoryIdOf(winner), reason: 'manual', effectiveImportance: null }),
        f.make('MemoryRestored', { memoryId: memoryIdOf(a) }),
      );
      expect(await getMemory(db, f.scope, memoryIdOf(a))).toMatchObject({ tier: 'SEMANTIC', supersededBy: null });
    });

    it('forgets one memory: row and history gone, one forgotten row without content or key remains', async () => {
      const f = new EventFactory(freshScope());
      const a = f.memory({ content: 'my passport number is X' });
      const keep = f.memory({ content: 'keep me' });
      await apply(a, keep, f.forget('memory', { memoryId: memoryIdOf(a) }));
      expect(await getMemory(db, f.scope, memoryIdOf(a))).toBeNull();
      const h = await memoryHistory(db, f.scope, memoryIdOf(a));
      expect(h.map((x) => [x.action, x.content, x.key])).toEqual([['forgotten', null, null]]);
      expect(await getMemory(db, f.scope, memoryIdOf(keep))).not.toBeNull();
    });

    it('forgets every version of a key, rejected attempts and contradictions included', async () => {
      const f = new EventFactory(freshScope());
      const v1 = f.fact({ key: 'health', content: 'has asthma', source: 'consolidated' });
      const v2 = f.memory({ key: 'health', content: 'has mild asthma', source: 'user_stated' });
      const refused = f.fact({ key: 'health', content: 'asthma cured', source: 'model_inferred' });
      const other = f.memory({ key: 'city', content: 'Paris' });
      const contradiction = f.make('ContradictionDetected', {
        contradictionId: uid(),
        entryAId: memoryIdOf(v2),
        entryBId: memoryIdOf(refused),
        description: 'asthma status differs',
        confidence: 0.7,
        candidate: {
          key: 'health',
          content: 'asthma cured',
          source: 'model_inferred',
          confidence: 0.5,
          sourceMessageIds: [],
        },
      });
      await apply(v1, v2, refused, other, contradiction, f.forget('key', { key: 'health' }));
      expect(await listMemories(db, f.scope, { key: 'health' })).toEqual([]);
      expect(
        await count(db, 'SELECT 1 FROM memories WHERE tenant_id = $1 AND user_id = $2', [
          f.scope.tenantId,
          f.scope.userId,
        ]),
      ).toBe(1);
      // The key name is content too: no history row keeps it, the forgotten rows name the entries only.
      expect(await keyHistory(db, f.scope, 'health')).toEqual([]);
      for (const id of [memoryIdOf(v1), memoryIdOf(v2)])
        expect((await memoryHistory(db, f.scope, id)).map((h) => [h.action, h.content, h.key])).toEqual([
          ['forgotten', null, null],
        ]);
      expect(await memoryHistory(db, f.scope, memoryIdOf(refused))).toEqual([]);
      expect(await listContradictions(db, f.scope)).toEqual([]);
      expect(await findActiveByKey(db, f.scope, 'city')).not.toBeNull();
    });

    it('forgets what a lineage cascade lists: those entries and skills only, never the rest of the user', async () => {
      const f = new EventFactory(freshScope());
      const derived = f.fact({ key: 'diet', content: 'is vegetarian' });
      const kept = f.memory({ content: 'likes jazz' });
      const skillId = uid();
      const skill = f.make('SkillRecorded', {
        skillId,
        name: 'cook',
        whenToUse: 'dinner',
        steps: ['chop'],
        success: true,
        sourceMessageIds: [],
      });
      const otherSkill = f.make('SkillRecorded', {
        skillId: uid(),
        name: 'bake',
        whenToUse: 'dessert',
        steps: ['mix'],
        success: true,
        sourceMessageIds: [],
      });
      await apply(
        derived,
        kept,
        skill,
        otherSkill,
        f.forgetDerived({ memoryIds: [memoryIdOf(derived)], skillIds: [skillId] }),
      );
      expect(await getMemory(db, f.scope, memoryIdOf(derived))).toBeNull();
      expect((await memoryHistory(db, f.scope, memoryIdOf(derived))).map((x) => [x.action, x.content, x.key])).toEqual([
        ['forgotten', null, null],
      ]);
      expect(await getMemory(db, f.scope, memoryIdOf(kept))).not.toBeNull();
      expect((await listSkills(db, f.scope)).map((s) => s.name)).toEqual(['bake']);
    });

    it('forgets everything of a user and nothing of another', async () => {
      const f = new EventFactory(freshScope());
      const g = new EventFactory({ ...f.scope, userId: `${f.scope.userId}-2` });
      const mine = f.memory({ key: 'a', content: 'a' });
      await apply(
        mine,
        g.memory({ content: 'other user' }),
        f.make('SkillRecorded', {
          skillId: uid(),
          name: 'deploy',
          whenToUse: 'release',
          steps: ['build'],
          success: true,
          sourceMessageIds: [],
        }),
        f.make('WriteRejected', {
          attempted: 'memory',
          code: 'CONTENT_BLOCKED_INJECTION',
          reason: 'pattern',
          field: 'content',
          contentSha256: 'ab',
          match: 'ignore previous instructions',
        }),
        f.forget('user'),
      );
      for (const table of ['memories', 'contradictions', 'skills', 'write_rejections']) {
        expect(
          await count(db, `SELECT 1 FROM ${table} WHERE tenant_id = $1 AND user_id = $2`, [
            f.scope.tenantId,
            f.scope.userId,
          ]),
        ).toBe(0);
      }
      expect(
        await count(
          db,
          'SELECT 1 FROM memory_history WHERE tenant_id = $1 AND user_id = $2 AND (content IS NOT NULL OR action <> $3)',
          [f.scope.tenantId, f.scope.userId, 'forgotten'],
        ),
      ).toBe(0);
      expect(await listMemories(db, g.scope)).toHaveLength(1);
    });

    it('records write rejections, contradictions and skills', async () => {
      const f = new EventFactory(freshScope());
      const a = f.memory({ content: 'works at Acme' });
      const b = f.memory({ content: 'works at Globex' });
      const cid = uid();
      const skillId = uid();
      const rejected = f.make('WriteRejected', {
        attempted: 'memory',
        code: 'CONTENT_BLOCKED_INVISIBLE_UNICODE',
        reason: 'U+200B',
        field: 'content',
        contentSha256: 'ff',
        match: 'U+200B',
      });
      const detected = f.make('ContradictionDetected', {
        contradictionId: cid,
        entryAId: memoryIdOf(a),
        entryBId: memoryIdOf(b),
        description: 'employer differs',
        confidence: 0.9,
        candidate: null,
      });
      await apply(a, b, rejected, detected);
      expect((await listWriteRejections(db, f.scope)).map((r) => [r.code, r.field, r.contentSha256, r.at])).toEqual([
        ['CONTENT_BLOCKED_INVISIBLE_UNICODE', 'content', 'ff', rejected.event.occurredAt],
      ]);
      expect(await listContradictions(db, f.scope, { unresolvedOnly: true })).toHaveLength(1);
      const resolved = f.make('ContradictionResolved', {
        contradictionId: cid,
        resolution: 'b_wins',
        resolvedBy: 'recency',
      });
      const s1 = f.make('SkillRecorded', {
        skillId,
        name: 'release',
        whenToUse: 'shipping',
        steps: ['test', 'tag'],
        success: true,
        sourceMessageIds: [],
      });
      const s2 = f.make('SkillRecorded', {
        skillId: uid(),
        name: 'release',
        whenToUse: 'shipping a version',
        steps: ['test', 'tag', 'publish'],
        success: false,
        sourceMessageIds: [],
      });
      await apply(resolved, s1, s2);
      expect(await getContradiction(db, f.scope, cid)).toMatchObject({
        entryAId: memoryIdOf(a),
        entryBId: memoryIdOf(b),
        resolution: 'b_wins',
        resolvedBy: 'recency',
        resolvedAt: resolved.event.occurredAt,
        detectedAt: detected.event.occurredAt,
      });
      expect(await listContradictions(db, f.scope, { unresolvedOnly: true })).toHaveLength(0);
      expect(await listSkills(db, f.scope)).toEqual([
        {
          id: skillId,
          name: 'release',
          whenToUse: 'shipping a version',
          steps: ['test', 'tag', 'publish'],
          lastUsed: s2.event.occurredAt,
          successCount: 1,
          failureCount: 1,
          agentId: null,
        },
      ]);
    });
  });
}
