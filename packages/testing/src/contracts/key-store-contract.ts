import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey, newId, type KeyStore, type NewApiKey } from '@engram/core';

export interface KeyStoreUnderTest {
  store: KeyStore;
  /** A second store on the same data, opened like another service would (shared stores only). */
  peer?: () => Promise<KeyStore>;
  close(): Promise<void>;
}

let clock = Date.parse('2026-06-01T00:00:00.000Z');
const tick = () => new Date((clock += 1000)).toISOString();

export function newKey(over: Partial<NewApiKey> = {}): NewApiKey & { secret: string } {
  const g = generateApiKey();
  return {
    id: newId(),
    hash: g.hash,
    prefix: g.prefix,
    secret: g.key,
    name: null,
    tenantId: 't1',
    userId: null,
    agentId: null,
    scopes: ['read'],
    createdAt: tick(),
    createdBy: null,
    expiresAt: null,
    ...over,
  };
}

const strip = ({ secret: _s, hash: _h, ...rest }: NewApiKey & { secret?: string }) => rest;

/** The behaviour every KeyStore adapter must show. */
export function keyStoreContract(name: string, factory: () => Promise<KeyStoreUnderTest>): void {
  describe(`KeyStore contract: ${name}`, () => {
    let subject: KeyStoreUnderTest;
    let store: KeyStore;

    beforeAll(async () => {
      subject = await factory();
      store = subject.store;
    });
    afterAll(async () => {
      await subject?.close();
    });

    it('stores every field and finds the key by the hash of its secret, by id, never by the secret', async () => {
      const k = newKey({
        name: 'support bot',
        userId: 'u1',
        agentId: 'a1',
        scopes: ['read', 'write'],
        expiresAt: '2027-01-01T00:00:00.000Z',
        createdBy: 'bootstrap-admin',
      });
      const stored = await store.insert(k);
      const expected = { ...strip(k), lastUsedAt: null, revokedAt: null };
      expect(stored).toEqual(expected);
      expect(await store.findByHash(k.hash)).toEqual(expected);
      expect(await store.get(k.id)).toEqual(expected);
      expect(await store.findByHash(k.secret)).toBeNull();
      expect(await store.findByHash(generateApiKey().hash)).toBeNull();
      expect(await store.get(newId())).toBeNull();
      expect(JSON.stringify(await store.list())).not.toContain(k.secret);
    });

    it('refuses a second key with the same id or the same secret', async () => {
      const k = newKey();
      await store.insert(k);
      await expect(store.insert({ ...newKey(), id: k.id })).rejects.toMatchObject({ code: 'CONFLICT' });
      await expect(store.insert({ ...newKey(), hash: k.hash })).rejects.toMatchObject({ code: 'CONFLICT' });
    });

    it('lists newest first, per tenant, without revoked keys unless asked, within the limit', async () => {
      const a = await store.insert(newKey({ tenantId: 'list-a' }));
      const b = await store.insert(newKey({ tenantId: 'list-a' }));
      const other = await store.insert(newKey({ tenantId: 'list-b' }));
      expect((await store.list({ tenantId: 'list-a' })).map((k) => k.id)).toEqual([b.id, a.id]);
      expect((await store.list({ tenantId: 'list-a', limit: 1 })).map((k) => k.id)).toEqual([b.id]);
      expect((await store.list()).map((k) => k.id)).toEqual(expect.arrayContaining([a.id, b.id, other.id]));
      await store.revoke(a.id, tick());
      expect((await store.list({ tenantId: 'list-a' })).map((k) => k.id)).toEqual([b.id]);
      expect((await store.list({ tenantId: 'list-a', includeRevoked: true })).map((k) => k.id)).toEqual([b.id, a.id]);
    });

    it('revokes once (the first time is kept) and keeps the row for audit; an unknown id is null', async () => {
      const k = newKey();
      await store.insert(k);
      const first = tick();
      expect((await store.revoke(k.id, first))!.revokedAt).toBe(first);
      expect((await store.revoke(k.id, tick()))!.revokedAt).toBe(first);
      expect((await store.findByHash(k.hash))!.revokedAt).toBe(first);
      expect(await store.revoke(newId(), tick())).toBeNull();
    });

    it('touch records the last use and never moves it back', async () => {
      const k = newKey();
      await store.insert(k);
      const early = tick();
      const late = tick();
      await store.touch(k.id, late);
      await store.touch(k.id, early);
      expect((await store.get(k.id))!.lastUsedAt).toBe(late);
      await store.touch(newId(), late);
    });

    it('another service on the same store sees a revocation at once', async (ctx) => {
      if (!subject.peer) return ctx.skip();
      const peer = await subject.peer();
      const k = newKey();
      await store.insert(k);
      expect((await peer.findByHash(k.hash))?.revokedAt).toBeNull();
      await store.revoke(k.id, tick());
      expect((await peer.findByHash(k.hash))?.revokedAt).not.toBeNull();
    });
  });
}
