import { openAccess } from '@engram/app';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGrpcServer } from '../src/index';
import type { RunningGrpcServer } from '../src/index';
import { openStack } from '../../app/test/harness';
import type { Stack } from '../../app/test/harness';
import { connect } from './grpc-client';
import type { EngramClient } from './grpc-client';

describe('gRPC Query fields over a real loopback connection', () => {
  let s: Stack;
  let server: RunningGrpcServer;
  let client: EngramClient;
  beforeAll(async () => {
    s = await openStack();
    server = await startGrpcServer({ app: s.app, access: openAccess(), host: '127.0.0.1', port: 0, logger: s.logger });
    client = connect(server.port);
  });
  afterAll(async () => {
    client.close();
    await server.close();
    await s.close();
  });

  describe('entities (field 13)', () => {
    it('maps entities to the query and keeps only documents that concern them', async () => {
      const acme = await client.call('Write', {
        userId: 'ge',
        type: 'ENVIRONMENT',
        key: 'client.acme_corp.contact',
        content: 'Main contact reachable on weekdays',
      });
      const globex = await client.call('Write', {
        userId: 'ge',
        type: 'ENVIRONMENT',
        key: 'client.globex.contact',
        content: 'Main contact reachable on weekdays too',
      });
      const tagged = await client.call('Write', {
        userId: 'ge',
        type: 'ENVIRONMENT',
        content: 'Backup contact reachable on weekends',
        metadataJson: '{"company":"Acme Corp"}',
      });
      const said = await client.call('Observe', {
        userId: 'ge',
        sessionId: 'gs',
        role: 'user',
        content: 'The contact at Acme Corp is reachable on weekdays',
      });
      const other = await client.call('Observe', {
        userId: 'ge',
        sessionId: 'gs',
        role: 'user',
        content: 'The contact at Initech is reachable on weekdays',
      });

      const all = await client.call('Query', {
        userId: 'ge',
        query: 'contact reachable',
        k: 20,
        minPosition: other.position,
      });
      expect(all.results.map((r: { id: string }) => r.id)).toEqual(
        expect.arrayContaining([acme.id, globex.id, tagged.id, said.eventId, other.eventId]),
      );

      const filtered = await client.call('Query', {
        userId: 'ge',
        query: 'contact reachable',
        k: 20,
        entities: ['Acme Corp'],
      });
      expect(filtered.results.map((r: { id: string }) => r.id).sort()).toEqual(
        [acme.id, tagged.id, said.eventId].sort(),
      );

      const slug = await client.call('Query', {
        userId: 'ge',
        query: 'contact reachable',
        k: 20,
        entities: ['globex', 'initech'],
      });
      expect(slug.results.map((r: { id: string }) => r.id).sort()).toEqual([globex.id, other.eventId].sort());
    });

    it('rejects an entity without a letter or digit with INVALID_ARGUMENT and the field', async () => {
      const e = await client.fail('Query', { userId: 'ge', query: 'contact', entities: ['--'] });
      expect(e.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(e.engramCode).toBe('VALIDATION_FAILED');
      expect(e.details).toMatchObject({ field: 'entities[0]' });
    });
  });

  describe('session_diversity (field 14)', () => {
    it('spreads the results over sessions, and rejects a factor outside (0, 1]', async () => {
      const say = (sessionId: string, content: string) =>
        client.call('Observe', { userId: 'gd', sessionId, role: 'user', content });
      await say('a', 'sailing lessons on the lake every sunday');
      await say('a', 'sailing lessons moved to the lake harbour');
      const last = await say('b', 'the sailing lessons at the lake were cancelled once because of rain');
      const sessions = (r: { results: Array<{ sessionId?: string }> }) => r.results.map((x) => x.sessionId);

      const plain = await client.call('Query', {
        userId: 'gd',
        query: 'sailing lessons lake',
        k: 2,
        minPosition: last.position,
      });
      expect(sessions(plain)).toEqual(['a', 'a']);
      const spread = await client.call('Query', {
        userId: 'gd',
        query: 'sailing lessons lake',
        k: 2,
        sessionDiversity: 0.5,
      });
      expect(sessions(spread)).toEqual(['a', 'b']);

      const e = await client.fail('Query', { userId: 'gd', query: 'sailing', sessionDiversity: 2 });
      expect(e.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(e.details).toMatchObject({ field: 'sessionDiversity' });
    });
  });
  describe('explain (field 20) and reinforce (field 21)', () => {
    it('returns each hit with its HitExplanation, and reinforce=false records no access', async () => {
      const w = await client.call('Write', {
        userId: 'gx',
        type: 'USER',
        content: 'Restores vintage motorcycles in the garage',
      });
      const q = await client.call('Query', {
        userId: 'gx',
        query: 'vintage motorcycles',
        minPosition: w.position,
        explain: true,
        reinforce: false,
      });
      const hit = q.results[0];
      expect(hit.id).toBe(w.id);
      expect(hit.explain).toMatchObject({
        keyword: { rank: 1, score: expect.any(Number), contribution: expect.any(Number) },
        gate: { active: expect.any(Boolean) },
        fusion: { method: 'zscore', score: expect.any(Number), rank: 1 },
        forgetting: { importance: 0.5, effectiveImportance: expect.any(Number), weight: expect.any(Number) },
        intent: { weight: expect.any(Number) },
        sessionDiversity: 1,
      });
      // Not reranked: the message is unset.
      expect(hit.explain.rerank ?? null).toBeNull();
      const e = hit.explain;
      expect(hit.score).toBeCloseTo(
        e.fusion.score * e.forgetting.weight * e.intent.weight * e.currency * e.sessionDiversity,
        9,
      );
      const plain = await client.call('Query', { userId: 'gx', query: 'vintage motorcycles', reinforce: false });
      expect(plain.results[0].explain ?? null).toBeNull();

      await s.app.flushAccesses();
      const accessed = async () =>
        (await s.events()).filter((ev) => ev.type === 'MemoryAccessed' && ev.userId === 'gx');
      expect(await accessed()).toEqual([]);
      await client.call('Query', { userId: 'gx', query: 'vintage motorcycles' });
      await s.app.flushAccesses();
      expect(await accessed()).toHaveLength(1);
    });
  });
});
