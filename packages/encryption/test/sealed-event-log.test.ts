import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createSealedEventLog,
  currentSchemaVersion,
  EngramError,
  isSlotItem,
  pollUntil,
  SEALED_PREFIX,
  type EngramEvent,
  type EventLog,
  type EventOfType,
  type EventType,
  type PayloadOf,
  type SealedEventLog,
  type StoredEvent,
} from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { openFileEventLog } from '@engram/event-log-file';
import { eventLogContract } from '@engram/testing';
import { createAesGcmCipher, createMasterKey, generateMasterKeyText, openFileKeyStore, parseMasterKey } from '../src';

const codec = createAvroEventCodec();
const cipher = createAesGcmCipher();
const eventKey = cipher.eventKey.bind(cipher);
const SECRET = 'zorblax-7731-quux';

async function openSealed(dir: string, master = generateMasterKeyText()) {
  const inner = await openFileEventLog({ dir: join(dir, 'log'), codec });
  const keys = await openFileKeyStore({
    dir: join(dir, 'keys'),
    master: createMasterKey(parseMasterKey(master, 'test')),
    eventKey,
  });
  const log = createSealedEventLog(inner, { keys, cipher });
  return {
    inner,
    log,
    master,
    async close() {
      await log.close();
      await keys.close();
    },
  };
}

/** Every file under dir, as one buffer per file. */
async function filesUnder(dir: string): Promise<Array<{ path: string; bytes: Buffer }>> {
  const out: Array<{ path: string; bytes: Buffer }> = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push({ path: join(e.parentPath, e.name), bytes: await readFile(join(e.parentPath, e.name)) });
  }
  return out;
}

// The sealed log is an EventLog like any other: the whole contract, over the embedded log and the production codec.
eventLogContract(
  'sealed file log',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-sealed-contract-'));
    let opened = await openSealed(dir);
    const master = opened.master;
    return {
      log: opened.log,
      codec,
      async reopen() {
        await opened.close();
        opened = await openSealed(dir, master);
        return opened.log;
      },
      async cleanup() {
        await opened.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  },
  { optimisticConcurrency: true, reopen: true },
);

describe('sealed event log', () => {
  let dir: string;
  let opened: Awaited<ReturnType<typeof openSealed>>;
  let log: SealedEventLog;
  const tenantId = 'acme';
  const userId = 'u-1';

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'engram-sealed-'));
    opened = await openSealed(dir);
    log = opened.log;
  });
  afterEach(async () => {
    await opened.close();
    await rm(dir, { recursive: true, force: true });
  });

  const make = <T extends EventType>(type: T, payload: PayloadOf<T>, over: Partial<EngramEvent> = {}): EventOfType<T> =>
    ({
      eventId: randomUUID(),
      type,
      schemaVersion: currentSchemaVersion(type),
      tenantId,
      userId,
      agentId: null,
      sessionId: 's-1',
      occurredAt: '2026-12-01T10:00:00.000Z',
      recordedAt: '2026-12-01T10:00:00.000Z',
      causationId: null,
      correlationId: null,
      keyId: null,
      payload,
      ...over,
    }) as EventOfType<T>;
  const message = (content: string, over: Partial<EngramEvent> = {}) =>
    make(
      'MessageObserved',
      { messageId: randomUUID(), role: 'user', content, metadata: { note: `${content} (meta)` } },
      over,
    );
  const memory = (content: string, key: string | null = null) =>
    make('MemoryWritten', {
      memoryId: randomUUID(),
      type: 'USER',
      tier: 'SEMANTIC',
      key,
      content,
      tags: ['diet', content],
      importance: 0.5,
      pinned: false,
      source: 'user_stated',
      confidence: 1,
      scope: null,
      metadata: { why: content },
      sourceMessageIds: [],
      episodeId: null,
      validFrom: null,
      validTo: null,
    });
  const readAll = async (l: EventLog = log): Promise<StoredEvent[]> => {
    const out: StoredEvent[] = [];
    for await (const s of l.read()) out.push(s);
    return out;
  };
  const kidsOf = async (eventId: string) => {
    for await (const e of log.scanSubject({ tenantId, userId })) if (e.eventId === eventId) return e.kids;
    throw new Error(`no event ${eventId}`);
  };

  it('keeps user content out of every byte it writes, and reads it back as written', async () => {
    const m = message(`my wifi password is ${SECRET}`);
    const w = memory(`${SECRET} is the password`, 'user.wifi');
    await log.append([m, w]);
    for (const f of await filesUnder(dir)) expect(f.bytes.includes(SECRET), f.path).toBe(false);
    const raw = await readAll(opened.inner);
    expect((raw[0]!.event as typeof m).payload.content.startsWith(SEALED_PREFIX)).toBe(true);
    expect((raw[1]!.event as typeof w).payload.tags).toHaveLength(1);
    expect((raw[1]!.event as typeof w).payload.memoryId).toBe(w.payload.memoryId);
    expect((await readAll()).map((s) => s.event)).toEqual([m, w].map((e) => codec.decode(codec.encode(e))));
    // Delivered to subscribers opened, too.
    const seen: StoredEvent[] = [];
    const sub = await log.subscribe(async (b) => void seen.push(...b), { name: 'c1', fromBeginning: true });
    await expect.poll(() => seen.length).toBe(2);
    await sub.close();
    expect((seen[1]!.event as typeof w).payload.content).toBe(w.payload.content);
    expect(seen.every((s) => s.erased === undefined)).toBe(true);
  });

  it('reads the events of a shredded item as tombstones: ids and clear fields intact, content empty, the rest untouched', async () => {
    const gone = memory(`likes ${SECRET}`, 'user.preference.food');
    const kept = memory('likes jazz');
    const m = message('hello');
    await log.append([gone, kept, m]);
    const subjectKid = (await kidsOf(m.eventId))[0]!;
    const own = (await kidsOf(gone.eventId)).filter((k) => k !== subjectKid);
    // The memory's item key (content, tags, metadata) and its key's slot key (the key name), never the subject key.
    expect(own).toHaveLength(2);
    const slotKids = (await log.keys.keysOf({ tenantId, userId })).filter((k) => isSlotItem(k.item)).map((k) => k.kid);
    expect(slotKids).toHaveLength(1);
    expect(JSON.stringify(await log.keys.keysOf({ tenantId, userId }))).not.toContain('preference');
    const itemKids = own.filter((k) => !slotKids.includes(k));
    const out = await log.keys.shred({
      subject: { tenantId, userId },
      erasureId: 'era-1',
      destroy: itemKids,
      keep: [],
    });
    expect(out.destroyed).toBe(1);
    const [a, b, c] = await readAll();
    expect(a!.erased).toBe(true);
    expect(a!.event).toMatchObject({
      eventId: gone.eventId,
      type: 'MemoryWritten',
      payload: {
        memoryId: gone.payload.memoryId,
        content: '',
        tags: [],
        metadata: {},
        key: 'user.preference.food',
        tier: 'SEMANTIC',
        source: 'user_stated',
      },
    });
    expect(b!.erased).toBeUndefined();
    expect((b!.event as typeof kept).payload.content).toBe('likes jazz');
    expect((c!.event as typeof m).payload.content).toBe('hello');
    // A new write of the same memory id after the erasure gets a new key and reads fine.
    const again = {
      ...memory('a new value'),
      payload: { ...memory('a new value').payload, memoryId: gone.payload.memoryId },
    };
    await log.append([again]);
    expect(((await readAll())[3]!.event as typeof again).payload.content).toBe('a new value');
  });

  it('erasing the user seals what follows with a new key; events after the request can be kept when the old key goes', async () => {
    const before = message(`before ${SECRET}`);
    const forget = make('MemoryForgotten', {
      target: 'user',
      memoryId: null,
      key: null,
      reason: `because ${SECRET}`,
      requestedBy: 'user',
      erasureId: 'era-2',
      derived: null,
    });
    const after = message('after the erasure');
    await log.append([before]);
    await log.append([forget, after]);
    const late = message('written by a process that had not seen the rotation');
    // Sealed with the old key as a stale appender would have, straight through a second sealed log.
    const oldKid = (await kidsOf(before.eventId))[0]!;
    expect((await kidsOf(forget.eventId))[0]).toBe(oldKid);
    expect((await kidsOf(after.eventId))[0]).not.toBe(oldKid);
    const [oldKey] = await log.keys.lookup([{ kid: oldKid, eventId: late.eventId }]);
    const ek = cipher.eventKey((oldKey as { key: { kid: string; material: Uint8Array } }).key, late.eventId);
    const aad = `engram-seal/1\u001f${tenantId}\u001f${userId}\u001f${late.eventId}\u001fcontent`;
    await opened.inner.append([
      {
        ...late,
        payload: { ...late.payload, content: cipher.seal(ek, oldKid, late.payload.content, aad), metadata: {} },
      },
    ]);
    await log.keys.shred({
      subject: { tenantId, userId },
      erasureId: 'era-2',
      destroy: [oldKid],
      keep: [{ kid: oldKid, eventId: late.eventId }],
    });
    const events = await readAll();
    expect(events.map((s) => [s.event.type, s.erased ?? false])).toEqual([
      ['MessageObserved', true],
      ['MemoryForgotten', true],
      ['MessageObserved', false],
      ['MessageObserved', false],
    ]);
    expect((events[0]!.event as typeof before).payload).toMatchObject({ content: '', metadata: {} });
    expect((events[1]!.event as typeof forget).payload).toMatchObject({
      target: 'user',
      reason: null,
      erasureId: 'era-2',
    });
    expect((events[3]!.event as typeof late).payload.content).toBe(late.payload.content);
  });

  it('passes plaintext written by an outside producer through, and reports it as unshreddable', async () => {
    const plain = message('published in plaintext straight to the log');
    await opened.inner.append([plain]);
    await log.append([message('through Engram')]);
    const [first, second] = await readAll();
    expect(first!.event).toEqual(codec.decode(codec.encode(plain)));
    expect(first!.plaintext).toBe(true);
    expect(second!.plaintext).toBeUndefined();
    const subscribed: Array<boolean | undefined> = [];
    const sub = await log.subscribe(
      async (batch) => {
        for (const s of batch) subscribed.push(s.plaintext);
      },
      { name: 'plaintext-check', fromBeginning: true },
    );
    await pollUntil(async () => subscribed.length === 2, { backoff: { initialMs: 5, maxMs: 50 }, timeoutMs: 30_000 });
    await sub.close();
    expect(subscribed).toEqual([true, undefined]);
    const scan: boolean[] = [];
    for await (const e of log.scanSubject({ tenantId, userId })) scan.push(e.plain);
    expect(scan).toEqual([true, false]);
  });

  it('seals the content of a held write like the write itself, keeping its ids clear', async () => {
    const held = memory(`held ${SECRET}`, 'pref.city');
    const q = make('ContentQuarantined', {
      quarantineId: 'q-1',
      attempted: 'memory',
      heldType: 'MemoryWritten',
      heldSchemaVersion: currentSchemaVersion('MemoryWritten'),
      heldPayload: held.payload as never,
      code: 'CONTENT_BLOCKED_INJECTION',
      reason: 'pattern',
      intents: ['override'],
      score: 0.7,
      field: 'content',
      match: SECRET,
      scanner: 'rules@2',
    });
    await log.append([q]);
    for (const f of await filesUnder(dir)) expect(f.bytes.includes(SECRET), f.path).toBe(false);
    const [raw] = await readAll(opened.inner);
    const hp = (raw!.event as typeof q).payload.heldPayload as Record<string, unknown>;
    expect(hp.memoryId).toBe(held.payload.memoryId);
    expect(String(hp.content).startsWith(SEALED_PREFIX)).toBe(true);
    // The item key of the held memory seals it: shredding that memory shreds the held copy.
    const memKids = (await log.keys.keysOf({ tenantId, userId }))
      .filter((k) => k.item === `memory:${held.payload.memoryId}`)
      .map((k) => k.kid);
    await log.keys.shred({ subject: { tenantId, userId }, erasureId: 'e', destroy: memKids, keep: [] });
    const [read] = await readAll();
    expect(read!.erased).toBe(true);
    expect((read!.event as typeof q).payload).toMatchObject({
      match: null,
      heldPayload: { memoryId: held.payload.memoryId, content: '', key: 'pref.city' },
    });
  });

  it('refuses what it cannot trust: a moved value, a value already sealed, a key it never held', async () => {
    const a = message('first');
    const b = message('second');
    await log.append([a, b]);
    const raw = await readAll(opened.inner);
    // A sealed value copied into another event does not open there (its event and field are bound in).
    const moved = {
      ...b,
      eventId: randomUUID(),
      payload: { ...b.payload, content: (raw[0]!.event as typeof a).payload.content, metadata: {} },
    };
    await opened.inner.append([moved]);
    await expect(readAll()).rejects.toMatchObject({ code: 'DECODE_FAILED' });
    await expect(
      log.append([
        { ...message('x'), payload: { ...message('x').payload, content: (raw[0]!.event as typeof a).payload.content } },
      ]),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    // Another key store (another master key and no keys) never reads an event as erased: it fails.
    await opened.close();
    const otherDir = await mkdtemp(join(tmpdir(), 'engram-sealed-other-'));
    const inner = await openFileEventLog({ dir: join(dir, 'log'), codec });
    const keys = await openFileKeyStore({
      dir: otherDir,
      master: createMasterKey(parseMasterKey(generateMasterKeyText(), 't')),
      eventKey,
    });
    const stranger = createSealedEventLog(inner, { keys, cipher });
    const err = await readAll(stranger).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(EngramError);
    expect((err as EngramError).code).toBe('KEY_UNAVAILABLE');
    expect((err as EngramError).retriable).toBe(true);
    await stranger.close();
    await keys.close();
    await rm(otherDir, { recursive: true, force: true });
    opened = await openSealed(dir, opened.master);
  });
});

describe('sealed event log opening once for every subscriber (sharedOpened)', () => {
  const tenantId = 'acme';
  const userId = 'u-2';
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'engram-sealed-shared-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const memoryEvent = (content: string): EventOfType<'MemoryWritten'> => ({
    eventId: randomUUID(),
    type: 'MemoryWritten',
    schemaVersion: currentSchemaVersion('MemoryWritten'),
    tenantId,
    userId,
    agentId: null,
    sessionId: null,
    occurredAt: '2026-12-01T10:00:00.000Z',
    recordedAt: '2026-12-01T10:00:00.000Z',
    causationId: null,
    correlationId: null,
    keyId: null,
    payload: {
      memoryId: randomUUID(),
      type: 'USER',
      tier: 'SEMANTIC',
      key: null,
      content,
      tags: ['t'],
      importance: 0.5,
      pinned: false,
      source: 'user_stated',
      confidence: 1,
      scope: null,
      metadata: {},
      sourceMessageIds: [],
      episodeId: null,
      validFrom: null,
      validTo: null,
    },
  });

  const master = createMasterKey(parseMasterKey(generateMasterKeyText(), 'test'));

  async function openShared() {
    const inner = await openFileEventLog({ dir: join(dir, 'log'), codec });
    const keys = await openFileKeyStore({ dir: join(dir, 'keys'), master, eventKey });
    let opens = 0;
    const counting = { ...cipher, open: (...a: Parameters<typeof cipher.open>) => (opens++, cipher.open(...a)) };
    const log = createSealedEventLog(inner, { keys, cipher: counting, sharedOpened: 64 });
    return { log, keys, opens: () => opens };
  }

  const follow = async (log: EventLog, name: string, seen: StoredEvent[]) =>
    log.subscribe(async (b) => void seen.push(...b), { name, fromBeginning: true });

  it('opens each event once for three subscribers, and hands each the same frozen event', async () => {
    const writer = await openShared();
    const events = [memoryEvent(`one ${SECRET}`), memoryEvent('two')];
    await writer.log.append(events);
    await writer.log.close();
    await writer.keys.close();
    // Opened by another instance (a restart): nothing it sealed itself.
    const { log, keys, opens } = await openShared();
    const seen: StoredEvent[][] = [[], [], []];
    const subs = await Promise.all(seen.map((s, i) => follow(log, `c${i}`, s)));
    await expect.poll(() => seen.every((s) => s.length === 2)).toBe(true);
    // content, tags (metadata is empty, so not sealed): two sealed values per event, opened once.
    expect(opens()).toBe(4);
    expect(seen[1]![0]).toBe(seen[0]![0]);
    expect(Object.isFrozen((seen[2]![1]!.event as EventOfType<'MemoryWritten'>).payload.tags)).toBe(true);
    expect(seen.map((s) => s.map((x) => (x.event as EventOfType<'MemoryWritten'>).payload.content))).toEqual(
      seen.map(() => [`one ${SECRET}`, 'two']),
    );
    await Promise.all(subs.map((s) => s.close()));
    await log.close();
    await keys.close();
  });

  it('opens what it sealed itself without a decipher, to the same events another instance opens', async () => {
    const writer = await openShared();
    const events = [
      memoryEvent(`one ${SECRET}`),
      { ...memoryEvent('two'), payload: { ...memoryEvent('two').payload, metadata: { a: [1, { b: 'c' }] } } },
    ];
    await writer.log.append(events);
    const here: StoredEvent[] = [];
    const sub = await follow(writer.log, 'here', here);
    await expect.poll(() => here.length === 2).toBe(true);
    expect(writer.opens()).toBe(0);
    await sub.close();
    await writer.log.close();
    await writer.keys.close();
    const other = await openShared();
    const there: StoredEvent[] = [];
    const sub2 = await follow(other.log, 'there', there);
    await expect.poll(() => there.length === 2).toBe(true);
    // content, tags, metadata of the second; content, tags of the first.
    expect(other.opens()).toBe(5);
    expect(here).toEqual(there);
    await sub2.close();
    await other.log.close();
    await other.keys.close();
  });

  it('a shred drops what was opened: a later subscriber reads the tombstone, not the kept plaintext', async () => {
    const { log, keys } = await openShared();
    const gone = memoryEvent(`gone ${SECRET}`);
    await log.append([gone]);
    const first: StoredEvent[] = [];
    const a = await follow(log, 'first', first);
    await expect.poll(() => first.length === 1).toBe(true);
    expect((first[0]!.event as typeof gone).payload.content).toBe(`gone ${SECRET}`);
    const kids: string[] = [];
    for await (const e of log.scanSubject({ tenantId, userId })) kids.push(...e.kids);
    await log.keys.shred({ subject: { tenantId, userId }, erasureId: 'era-s', destroy: kids, keep: [] });
    const later: StoredEvent[] = [];
    const b = await follow(log, 'later', later);
    await expect.poll(() => later.length === 1).toBe(true);
    expect(later[0]!.erased).toBe(true);
    expect((later[0]!.event as typeof gone).payload.content).toBe('');
    await a.close();
    await b.close();
    await log.close();
    await keys.close();
  });
});
