import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { deterministicId, EngramError } from '@engram/core';
import {
  collectionNameFor,
  createQdrantVectorIndex,
  isOwnCollection,
  payloadOf,
  pointIdFor,
  qdrantFilterOf,
} from '@engram/index-qdrant';

/** A loopback port with nothing listening on it (bound on port 0, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('collection naming', () => {
  it('is stable, Qdrant-safe and prefixed', () => {
    const name = collectionNameFor('engram_', 'openai:text-embedding-3-small@1536');
    expect(name).toMatch(/^engram_openai_text-embedding-3-small_1536_[0-9a-f]{10}$/);
    expect(collectionNameFor('engram_', 'openai:text-embedding-3-small@1536')).toBe(name);
  });

  it('keeps model ids that sanitize alike apart', () => {
    const a = collectionNameFor('engram_', 'org/model');
    const b = collectionNameFor('engram_', 'org_model');
    const c = collectionNameFor('engram_', 'ORG/MODEL');
    expect(new Set([a, b, c]).size).toBe(3);
    expect(a.replace(/_[0-9a-f]{10}$/, '')).toBe(b.replace(/_[0-9a-f]{10}$/, ''));
  });

  it('handles non-Latin and very long model ids', () => {
    const cjk = collectionNameFor('engram_', '中文嵌入模型');
    expect(cjk).toMatch(/^engram_model_[0-9a-f]{10}$/);
    const long = collectionNameFor('engram_', 'x'.repeat(500));
    expect(long.length).toBeLessThanOrEqual('engram_'.length + 48 + 11);
    expect(() => collectionNameFor('engram_', '')).toThrow(/modelId/);
  });

  it('recognises only its own collections', () => {
    expect(isOwnCollection('engram_', collectionNameFor('engram_', 'use-lite@1'))).toBe(true);
    expect(isOwnCollection('engram_', 'engram_manual')).toBe(false);
    expect(isOwnCollection('engram_', collectionNameFor('other_', 'use-lite@1'))).toBe(false);
  });
});

describe('point ids', () => {
  it('keeps UUID doc ids (lowercased) and derives a UUIDv5-layout id from others', () => {
    const uuid = '7D1C1A52-3F0E-4C55-9A7E-1E5B0A4F2C11';
    expect(pointIdFor(uuid)).toBe(uuid.toLowerCase());
    const derived = pointIdFor('msg:acme/u1/m-42');
    expect(derived).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(derived).toBe(deterministicId('engram-qdrant-point', 'msg:acme/u1/m-42'));
    expect(pointIdFor('msg:acme/u1/m-42')).toBe(derived);
    expect(pointIdFor('msg:acme/u1/m-43')).not.toBe(derived);
  });
});

describe('filter construction', () => {
  const scope = { tenantId: 'acme', userId: 'u1', agentId: null };

  it('always restricts to tenant and user', () => {
    expect(qdrantFilterOf({ scope })).toEqual({
      must: [
        { key: 'tenantId', match: { value: 'acme' } },
        { key: 'userId', match: { value: 'u1' } },
      ],
    });
  });

  it('lets an agent see only its own documents', () => {
    const f = qdrantFilterOf({ scope: { ...scope, agentId: 'bot' } });
    expect(f.must).toContainEqual({ key: 'agentId', match: { value: 'bot' } });
    expect(JSON.stringify(f)).not.toContain('is_null');
  });

  it('adds kinds, tiers and types as match-any; empty lists do not restrict', () => {
    const f = qdrantFilterOf({ scope, kinds: ['memory', 'episode'], tiers: ['SEMANTIC'], types: ['USER'] });
    expect(f.must).toEqual([
      { key: 'tenantId', match: { value: 'acme' } },
      { key: 'userId', match: { value: 'u1' } },
      { key: 'kind', match: { any: ['memory', 'episode'] } },
      { key: 'tier', match: { any: ['SEMANTIC'] } },
      { key: 'type', match: { any: ['USER'] } },
    ]);
    expect(qdrantFilterOf({ scope, kinds: [], tiers: [], types: [] })).toEqual(qdrantFilterOf({ scope }));
  });

  it('stores the original id, model and metadata in the payload', () => {
    const meta = {
      tenantId: 'acme',
      userId: 'u1',
      agentId: null,
      kind: 'message' as const,
      tier: 'EPISODIC' as const,
      type: null,
      tags: ['a'],
      at: '2026-11-30T00:00:00Z',
    };
    const p = payloadOf('msg-1', 'use-lite@1', meta);
    expect(p).toEqual({ docId: 'msg-1', modelId: 'use-lite@1', ...meta });
    p.tags.push('mutated');
    expect(meta.tags).toEqual(['a']);
  });
});

describe('options and failures (no server needed)', () => {
  it('rejects bad options with CONFIG_INVALID', () => {
    expect(() => createQdrantVectorIndex({ url: 'http://127.0.0.1:1', dimensions: 0 })).toThrowError(
      expect.objectContaining({ code: 'CONFIG_INVALID' }),
    );
    expect(() =>
      createQdrantVectorIndex({ url: 'http://127.0.0.1:1', dimensions: 8, collectionPrefix: 'bad/prefix' }),
    ).toThrowError(expect.objectContaining({ code: 'CONFIG_INVALID' }));
  });

  it('rejects vectors of the wrong size before any request', async () => {
    const idx = createQdrantVectorIndex({ url: `http://127.0.0.1:${await closedPort()}`, dimensions: 8 });
    const meta = {
      tenantId: 't',
      userId: 'u',
      agentId: null,
      kind: 'memory' as const,
      tier: 'SEMANTIC' as const,
      type: null,
      tags: [],
      at: '2026-01-01T00:00:00Z',
    };
    await expect(idx.upsert([{ id: 'x', vector: new Float32Array(3), modelId: 'm', meta }])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(
      idx.search(new Float32Array(9), 'm', { scope: { tenantId: 't', userId: 'u', agentId: null } }, 5),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const nan = new Float32Array(8).fill(NaN);
    await expect(idx.upsert([{ id: 'x', vector: nan, modelId: 'm', meta }])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('non-finite'),
    });
    await expect(idx.upsert([{ id: 'x', vector: new Float32Array(8), modelId: '', meta }])).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('modelId'),
    });
  });

  it('reports an unreachable server as retriable INDEX_UNAVAILABLE, and refuses calls after close', async () => {
    const idx = createQdrantVectorIndex({ url: `http://127.0.0.1:${await closedPort()}`, dimensions: 4 });
    const err = await idx
      .search(new Float32Array(4), 'm', { scope: { tenantId: 't', userId: 'u', agentId: null } }, 5)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngramError);
    expect(err).toMatchObject({ code: 'INDEX_UNAVAILABLE', retriable: true });
    await idx.close();
    await expect(idx.staleIds('m', 5)).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
  });
});
