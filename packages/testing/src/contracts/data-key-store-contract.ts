import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngramError, type DataKey, type DataKeyStore, type KeySubject } from '@engram/core';

export interface DataKeyStoreHarness {
  store: DataKeyStore;
  /** Closes the store and opens the same storage again (with another master key when given). */
  reopen(masterKeyText?: string): Promise<DataKeyStore>;
  /** The per-event key derivation the store was opened with (the cipher's). */
  eventKey(key: DataKey, eventId: string): Uint8Array;
  cleanup(): Promise<void>;
}

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** The behaviour every DataKeyStore adapter (embedded file, SQL) must show. */
export function dataKeyStoreContract(name: string, factory: () => Promise<DataKeyStoreHarness>): void {
  describe(`DataKeyStore contract: ${name}`, () => {
    let h: DataKeyStoreHarness;
    let store: DataKeyStore;
    let subject: KeySubject;
    const other = () => ({ tenantId: subject.tenantId, userId: `${subject.userId}-other` });

    beforeEach(async () => {
      h = await factory();
      store = h.store;
      subject = { tenantId: `t-${randomUUID().slice(0, 8)}`, userId: `u-${randomUUID().slice(0, 8)}` };
    });
    afterEach(async () => {
      await h.cleanup();
    });

    it('hands out one subject key per subject, the same after a restart, 32 random bytes', async () => {
      const [a, b] = await Promise.all([store.subjectKey(subject), store.subjectKey(subject)]);
      expect(a.kid).toBe(b.kid);
      expect(a.material).toHaveLength(32);
      const theirs = await store.subjectKey(other());
      expect(theirs.kid).not.toBe(a.kid);
      expect(hex(theirs.material)).not.toBe(hex(a.material));
      store = await h.reopen();
      const again = await store.subjectKey(subject);
      expect([again.kid, hex(again.material)]).toEqual([a.kid, hex(a.material)]);
    });

    it('hands out one key per item, created once even when asked for concurrently, and opens them by id', async () => {
      const [x, y] = await Promise.all([
        store.itemKeys(subject, ['memory:1', 'memory:2', 'memory:1']),
        store.itemKeys(subject, ['memory:1']),
      ]);
      expect([...x.keys()].sort()).toEqual(['memory:1', 'memory:2']);
      expect(y.get('memory:1')!.kid).toBe(x.get('memory:1')!.kid);
      expect(x.get('memory:1')!.kid).not.toBe(x.get('memory:2')!.kid);
      const theirs = await store.itemKeys(other(), ['memory:1']);
      expect(theirs.get('memory:1')!.kid).not.toBe(x.get('memory:1')!.kid);
      store = await h.reopen();
      const [found, missing] = await store.lookup([
        { kid: x.get('memory:2')!.kid, eventId: 'e1' },
        { kid: 'no-such-key', eventId: 'e1' },
      ]);
      expect(found).toMatchObject({ state: 'key' });
      expect(found!.state === 'key' && hex(found!.key.material)).toBe(hex(x.get('memory:2')!.material));
      expect(missing).toEqual({ state: 'unknown' });
      const infos = await store.keysOf(subject);
      expect(
        infos
          .filter((k) => k.kind === 'item')
          .map((k) => k.item)
          .sort(),
      ).toEqual(['memory:1', 'memory:2']);
    });

    it('rotates the subject key: later sealing uses the new one, the old one still opens until shredded', async () => {
      const first = await store.subjectKey(subject);
      const second = await store.rotateSubject(subject);
      expect(second.kid).not.toBe(first.kid);
      expect((await store.subjectKey(subject)).kid).toBe(second.kid);
      expect((await store.lookup([{ kid: first.kid, eventId: 'e' }]))[0]!.state).toBe('key');
      store = await h.reopen();
      expect((await store.subjectKey(subject)).kid).toBe(second.kid);
      expect(
        (await store.keysOf(subject))
          .filter((k) => k.kind === 'subject')
          .map((k) => k.kid)
          .sort(),
      ).toEqual([first.kid, second.kid].sort());
    });

    it('shreds keys for good, keeps the keys of single events that must stay readable, and is idempotent', async () => {
      const old = await store.subjectKey(subject);
      const items = await store.itemKeys(subject, ['memory:a', 'memory:b']);
      const a = items.get('memory:a')!;
      await store.rotateSubject(subject);
      const erasureId = randomUUID();
      const out = await store.shred({
        subject,
        erasureId,
        destroy: [old.kid, a.kid],
        keep: [{ kid: old.kid, eventId: 'late-event' }],
      });
      expect(out).toEqual({ destroyed: 2, kept: 1 });
      const check = async () => {
        const [gone, kept, item, live] = await store.lookup([
          { kid: old.kid, eventId: 'early-event' },
          { kid: old.kid, eventId: 'late-event' },
          { kid: a.kid, eventId: 'x' },
          { kid: items.get('memory:b')!.kid, eventId: 'x' },
        ]);
        expect(gone).toEqual({ state: 'shredded', erasureId });
        expect(kept!.state).toBe('event');
        expect(kept!.state === 'event' && hex(kept!.eventKey)).toBe(hex(h.eventKey(old, 'late-event')));
        expect(item).toEqual({ state: 'shredded', erasureId });
        expect(live!.state).toBe('key');
      };
      await check();
      store = await h.reopen();
      await check();
      expect(await store.shred({ subject, erasureId, destroy: [old.kid, a.kid], keep: [] })).toEqual({
        destroyed: 0,
        kept: 0,
      });
      expect(
        (await store.keysOf(subject))
          .filter((k) => k.shredded)
          .map((k) => k.kid)
          .sort(),
      ).toEqual([old.kid, a.kid].sort());
      // A new write of a shredded item gets a new key; the old one stays destroyed.
      const again = (await store.itemKeys(subject, ['memory:a'])).get('memory:a')!;
      expect(again.kid).not.toBe(a.kid);
      expect((await store.lookup([{ kid: a.kid, eventId: 'x' }]))[0]!.state).toBe('shredded');
    });

    it("never shreds another subject's keys", async () => {
      const theirs = await store.subjectKey(other());
      await store.subjectKey(subject);
      expect(await store.shred({ subject, erasureId: 'e', destroy: [theirs.kid], keep: [] })).toEqual({
        destroyed: 0,
        kept: 0,
      });
      expect((await store.lookup([{ kid: theirs.kid, eventId: 'x' }]))[0]!.state).toBe('key');
    });

    it('refuses to open with another master key', async () => {
      await store.subjectKey(subject);
      const err = await h.reopen(Buffer.alloc(32, 7).toString('base64')).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(EngramError);
      expect((err as EngramError).code).toBe('CONFIG_INVALID');
      expect((err as EngramError).details).toMatchObject({ reason: 'MASTER_KEY_MISMATCH' });
      store = await h.reopen();
      expect((await store.keysOf(subject)).length).toBe(1);
    });
  });
}
