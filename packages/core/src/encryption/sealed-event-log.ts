import { EngramError } from '../errors';
import {
  erasedValueOf,
  SEALED_JSON_KEY,
  sealedFieldsOf,
  slotItem,
  valueAt,
  withValueAt,
  type SealedField,
} from '../events/sealed-fields';
import type { EngramEvent, EventType, LogPosition, StoredEvent } from '../events/types';
import type { DataKey, DataKeyStore, FieldCipher, KeyLookup, KeySubject } from '../ports/encryption';
import { isSealed } from '../ports/encryption';
import type {
  AppendOptions,
  AppendResult,
  BatchHandler,
  EventLog,
  ReadOptions,
  SubscribeOptions,
  Subscription,
} from '../ports/event-log';
import { createSerialQueue, type SerialQueue } from '../util/serial';

export interface SubjectScanEntry {
  position: LogPosition;
  eventId: string;
  type: EventType;
  /** Key ids the event's sealed fields use. */
  kids: string[];
  /** It has user content that is not sealed (written in plaintext by an outside producer): it cannot be shredded. */
  plain: boolean;
  /** The event as stored: sealed values unopened, every clear field (ids, lineage) as written. */
  event: EngramEvent;
}

/** An EventLog whose events carry their user content sealed (P4): append seals, read and subscribe open. */
export interface SealedEventLog extends EventLog {
  readonly keys: DataKeyStore;
  /**
   * The subject's events below `to` (per partition; default: the head), in log order, with the key
   * ids their sealed fields use. Nothing is opened: this is the erasure coordinator's inventory.
   */
  scanSubject(subject: KeySubject, to?: ReadonlyMap<number, number>): AsyncIterable<SubjectScanEntry>;
  /**
   * Subscribes to the events as stored: nothing is opened and no key is looked up. For a consumer
   * that reads clear fields only (the erasure coordinator), which otherwise pays to open every event.
   */
  subscribeUnopened(handler: BatchHandler, opts: SubscribeOptions): Promise<Subscription>;
}

export interface SealedEventLogOptions {
  keys: DataKeyStore;
  cipher: FieldCipher;
  /**
   * How many opened events (the last ones, by position) are kept for every subscriber of this log:
   * the consumers of one process woken by one commit then open each event once, not once each. Only
   * where every shred of these keys goes through this log's `keys` (one process owns the key store:
   * a shred there drops them all); 0 (the default) opens per subscriber. With it, what this log
   * seals is also remembered (the last ones, by the sealed value): those values are opened
   * without the key store or a decipher.
   */
  sharedOpened?: number;
}

const aadOf = (e: EngramEvent, path: readonly string[]) =>
  `engram-seal/1\u001f${e.tenantId}\u001f${e.userId}\u001f${e.eventId}\u001f${path.join('.')}`;
const subjectOf = (e: EngramEvent): KeySubject => ({ tenantId: e.tenantId, userId: e.userId });
const subjectKeyOf = (s: KeySubject) => JSON.stringify([s.tenantId, s.userId]);

/** The sealed value a field holds (for lists and JSON objects, the one inside), or null if it holds none. */
function sealedValueOf(v: unknown, f: SealedField): string | null {
  switch (f.shape) {
    case 'text':
    case 'nullableText':
      return isSealed(v) ? v : null;
    case 'list':
      return Array.isArray(v) && v.length === 1 && isSealed(v[0]) ? v[0] : null;
    case 'json': {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
      const keys = Object.keys(v);
      const inner = (v as Record<string, unknown>)[SEALED_JSON_KEY];
      return keys.length === 1 && isSealed(inner) ? inner : null;
    }
  }
}

/** Whether a field holds content worth sealing (empty values stay as they are). */
function hasContent(v: unknown, f: SealedField): boolean {
  switch (f.shape) {
    case 'text':
    case 'nullableText':
      return typeof v === 'string' && v.length > 0;
    case 'list':
      return Array.isArray(v) && v.length > 0;
    case 'json':
      return !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0;
  }
}

function plaintextOf(v: unknown, f: SealedField): string {
  return f.shape === 'list' || f.shape === 'json' ? JSON.stringify(v) : (v as string);
}

function valueFromPlaintext(text: string, f: SealedField, e: EngramEvent): unknown {
  if (f.shape === 'text' || f.shape === 'nullableText') return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const ok =
    f.shape === 'list'
      ? Array.isArray(parsed) && parsed.every((x) => typeof x === 'string')
      : !!parsed && typeof parsed === 'object' && !Array.isArray(parsed);
  if (!ok)
    throw new EngramError(
      'DECODE_FAILED',
      `sealed ${f.path.join('.')} of ${e.type} ${e.eventId} does not hold a ${f.shape}`,
    );
  return parsed;
}

/**
 * Seals on append and opens on read, above any EventLog adapter (file, Kafka, EventStoreDB), so the
 * log's bytes never hold user content in the clear. Values written in plaintext by an outside
 * producer pass through as they are. A value whose key was shredded reads as erased (a tombstone:
 * the event keeps its type, ids and every clear field; StoredEvent.erased is set).
 */
export function createSealedEventLog(inner: EventLog, opts: SealedEventLogOptions): SealedEventLog {
  const { cipher } = opts;
  const keys = opts.keys;
  const shared = (opts.sharedOpened ?? 0) > 0 ? new OpenedEvents(opts.sharedOpened!) : null;
  // Per subject, sealing (and a rotation) and handing the batch to the log happen in call order.
  const queues = new Map<string, { queue: SerialQueue; users: number }>();

  const withSubjectLock = async <T>(s: KeySubject, fn: () => Promise<T>): Promise<T> => {
    const k = subjectKeyOf(s);
    let entry = queues.get(k);
    if (!entry) queues.set(k, (entry = { queue: createSerialQueue(), users: 0 }));
    entry.users++;
    try {
      return await entry.queue.run(fn);
    } finally {
      if (--entry.users === 0) queues.delete(k);
    }
  };

  const sealEvent = (
    e: EngramEvent,
    fieldsOf: SealedField[],
    subjectKey: DataKey | null,
    itemKeys: Map<string, DataKey>,
  ): EngramEvent => {
    let payload = e.payload as unknown as Record<string, unknown>;
    const eventKeys = new Map<string, Uint8Array>();
    for (const f of fieldsOf) {
      const v = valueAt(payload, f.path);
      if (!hasContent(v, f)) continue;
      if (sealedValueOf(v, f) !== null)
        throw new EngramError('VALIDATION_FAILED', `${f.path.join('.')} of ${e.type} ${e.eventId} is already sealed`, {
          details: { field: f.path.join('.') },
        });
      const key = f.item === null ? subjectKey : itemKeys.get(f.item);
      if (!key)
        throw new EngramError('INTERNAL', `no key for ${f.item ?? 'the subject'} while sealing ${e.type} ${e.eventId}`);
      let ek = eventKeys.get(key.kid);
      if (!ek) eventKeys.set(key.kid, (ek = cipher.eventKey(key, e.eventId)));
      const text = plaintextOf(v, f);
      const sealed = cipher.seal(ek, key.kid, text, aadOf(e, f.path));
      shared?.sealedHere(sealed, text);
      const stored = f.shape === 'list' ? [sealed] : f.shape === 'json' ? { [SEALED_JSON_KEY]: sealed } : sealed;
      payload = withValueAt(payload, f.path, stored);
    }
    return payload === (e.payload as unknown) ? e : ({ ...e, payload } as unknown as EngramEvent);
  };

  // The log acknowledges only once the new keys are stored, so they need not be stored before it writes.
  const storeAlongside = inner.cutsUnacknowledged === true && keys.itemKeysUnstored !== undefined;

  /** The events sealed, and (storeAlongside) what the log must wait for before acknowledging them. */
  const sealBatch = async (events: EngramEvent[]): Promise<{ sealed: EngramEvent[]; stored: Promise<void> | null }> => {
    const subject = subjectOf(events[0]!);
    if (events.some((e) => e.tenantId !== subject.tenantId || e.userId !== subject.userId)) {
      throw new EngramError('VALIDATION_FAILED', 'all events of one append must belong to one stream (tenant + user)', {
        details: { field: 'events' },
      });
    }
    const planned = events.map((e) => ({
      e,
      fields: sealedFieldsOf(e).filter((f) => hasContent(valueAt(e.payload, f.path), f)),
    }));
    // Slot fields are named under the subject key (item null until resolved), so it is needed for them too.
    let subjectKey: DataKey | null = planned.some((p) => p.fields.some((f) => f.item === null))
      ? await keys.subjectKey(subject)
      : null;
    const plans = planned.map(({ e, fields }) => ({
      e,
      fields: fields.map((f) =>
        f.slot ? { ...f, item: slotItem(cipher.slotId(subjectKey!, valueAt(e.payload, f.path) as string)) } : f,
      ),
    }));
    const items = [
      ...new Set(plans.flatMap((p) => p.fields.map((f) => f.item).filter((x): x is string => x !== null))),
    ];
    let itemKeys = new Map<string, DataKey>();
    let stored: Promise<void> | null = null;
    if (items.length > 0 && storeAlongside) {
      ({ keys: itemKeys, stored } = await keys.itemKeysUnstored!(subject, items));
      // Awaited by the log; a failure is its append's error, never an unhandled rejection.
      stored.catch(() => undefined);
    } else if (items.length > 0) itemKeys = await keys.itemKeys(subject, items);
    const out: EngramEvent[] = [];
    for (const { e, fields } of plans) {
      out.push(sealEvent(e, fields, subjectKey, itemKeys));
      // Erasing the user: what follows is sealed with a new key, so only what came before is shredded.
      if (e.type === 'MemoryForgotten' && e.payload.target === 'user') subjectKey = await keys.rotateSubject(subject);
    }
    return { sealed: out, stored };
  };

  /** The event's sealed fields with their key ids, and whether some user content is in the clear. */
  const inventoryOf = (e: EngramEvent) => {
    const found: Array<{ f: SealedField; sealed: string; kid: string }> = [];
    let plain = false;
    for (const f of sealedFieldsOf(e)) {
      const v = valueAt(e.payload, f.path);
      const sealed = sealedValueOf(v, f);
      if (sealed === null) {
        if (hasContent(v, f)) plain = true;
        continue;
      }
      const kid = cipher.kidOf(sealed);
      if (kid === null)
        throw new EngramError('DECODE_FAILED', `sealed ${f.path.join('.')} of ${e.type} ${e.eventId} has no key id`);
      found.push({ f, sealed, kid });
    }
    return { found, plain };
  };

  const openBatch = async (batch: readonly StoredEvent[]): Promise<StoredEvent[]> => {
    const plans = batch.map((s) => {
      const { found, plain } = inventoryOf(s.event);
      return { s: plain ? { ...s, plaintext: true as const } : s, found };
    });
    // Taken before any await: what a shred starting meanwhile drops was opened before it, as a decipher would have been.
    const known = new Map<string, string>();
    const refKey = (kid: string, eventId: string) => `${kid}\u0000${eventId}`;
    const refs = new Map<string, { kid: string; eventId: string }>();
    for (const p of plans)
      for (const x of p.found) {
        const text = shared?.takePlaintext(x.sealed);
        if (text !== undefined) known.set(x.sealed, text);
        else refs.set(refKey(x.kid, p.s.event.eventId), { kid: x.kid, eventId: p.s.event.eventId });
      }
    if (refs.size === 0 && known.size === 0) return plans.map((p) => p.s);
    const list = [...refs.values()];
    const results = list.length > 0 ? await keys.lookup(list) : [];
    const byRef = new Map<string, KeyLookup>(list.map((r, i) => [refKey(r.kid, r.eventId), results[i]!]));
    return plans.map(({ s, found }) => {
      if (found.length === 0) return s;
      const e = s.event;
      let payload = e.payload as unknown as Record<string, unknown>;
      let erased = false;
      const eventKeys = new Map<string, Uint8Array>();
      for (const { f, sealed, kid } of found) {
        const text = known.get(sealed);
        if (text !== undefined) {
          payload = withValueAt(payload, f.path, valueFromPlaintext(text, f, e));
          continue;
        }
        const lookup = byRef.get(refKey(kid, e.eventId))!;
        let value: unknown;
        if (lookup.state === 'shredded') {
          value = erasedValueOf(f.shape);
          erased = true;
        } else if (lookup.state === 'unknown') {
          throw new EngramError(
            'KEY_UNAVAILABLE',
            `the key store has no key ${kid} (sealing ${e.type} ${e.eventId}): is this the key store the log was written with?`,
            {
              details: { kid, eventId: e.eventId },
            },
          );
        } else {
          let ek = eventKeys.get(kid);
          if (!ek)
            eventKeys.set(
              kid,
              (ek = lookup.state === 'key' ? cipher.eventKey(lookup.key, e.eventId) : lookup.eventKey),
            );
          value = valueFromPlaintext(cipher.open(ek, sealed, aadOf(e, f.path)), f, e);
        }
        payload = withValueAt(payload, f.path, value);
      }
      const event = { ...e, payload } as unknown as EngramEvent;
      return erased ? { ...s, event, erased: true } : { ...s, event };
    });
  };

  async function* openAll(source: AsyncIterable<StoredEvent>, chunk = 256): AsyncGenerator<StoredEvent> {
    let buf: StoredEvent[] = [];
    for await (const s of source) {
      buf.push(s);
      if (buf.length >= chunk) {
        yield* await openBatch(buf);
        buf = [];
      }
    }
    if (buf.length > 0) yield* await openBatch(buf);
  }

  return {
    keys: shared ? shared.watching(keys) : keys,

    async append(events: EngramEvent[], appendOpts?: AppendOptions): Promise<AppendResult> {
      if (!Array.isArray(events) || events.length === 0) return inner.append(events, appendOpts);
      const dispatched = await withSubjectLock(subjectOf(events[0]!), async () => {
        const { sealed, stored } = await sealBatch(events);
        // Handed to the log inside the lock (call order = seal order), awaited outside it.
        return { done: inner.append(sealed, stored ? { ...appendOpts, commitAfter: stored } : appendOpts) };
      });
      return dispatched.done;
    },

    read(readOpts?: ReadOptions): AsyncIterable<StoredEvent> {
      // A limited read is usually one event (a consolidation cause): open it on its own.
      return openAll(inner.read(readOpts), readOpts?.limit !== undefined ? Math.min(readOpts.limit, 256) : 256);
    },

    subscribe(handler: BatchHandler, subOpts: SubscribeOptions): Promise<Subscription> {
      const open = shared ? (b: readonly StoredEvent[]) => shared.open(b, openBatch) : openBatch;
      return inner.subscribe(async (batch) => handler(await open(batch)), subOpts);
    },

    subscribeUnopened: (handler, subOpts) => inner.subscribe(handler, subOpts),

    head: () => inner.head(),
    health: () => inner.health(),
    streamVersion: (tenantId, userId) => inner.streamVersion(tenantId, userId),

    async *scanSubject(subject, to) {
      const until = to ?? (await inner.head());
      const pending = new Set([...until].filter(([, n]) => n > 0).map(([p]) => p));
      if (pending.size === 0) return;
      for await (const s of inner.read()) {
        const { partition, offset } = s.position;
        if (offset >= (until.get(partition) ?? 0)) {
          pending.delete(partition);
          if (pending.size === 0) return;
          continue;
        }
        const e = s.event;
        if (e.tenantId !== subject.tenantId || e.userId !== subject.userId) continue;
        const { found, plain } = inventoryOf(e);
        yield {
          position: s.position,
          eventId: e.eventId,
          type: e.type,
          kids: [...new Set(found.map((x) => x.kid))],
          plain,
          event: e,
        };
      }
    },

    async close() {
      await inner.close();
    },
  };
}

function deepFreeze<T>(v: T): T {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  Object.freeze(v);
  for (const x of Object.values(v as object)) deepFreeze(x);
  return v;
}

/**
 * Events opened for one subscriber, handed to the next ones asking for the same positions (frozen:
 * every consumer gets the same object); subscribers asking while an opening runs wait for it; and
 * the plaintexts of the values this log sealed. A shred empties both, before and after, and nothing
 * opened or sealed while a shred runs is kept: no consumer is handed content whose key went before
 * it asked.
 */
class OpenedEvents {
  private readonly byPosition = new Map<string, { eventId: string; opened: Promise<StoredEvent> }>();
  /** Sealed value → its plaintext, for what this log sealed (a sealed value is unique: its nonce is random). */
  private readonly sealed = new Map<string, string>();
  private shredding = 0;

  constructor(private readonly capacity: number) {}

  /** Remembers a value this log just sealed, so that opening it needs neither its key nor a decipher. */
  sealedHere(sealed: string, plaintext: string): void {
    if (this.shredding > 0) return;
    this.sealed.set(sealed, plaintext);
    // Values are taken when first opened; this bounds those never delivered (a failed append).
    if (this.sealed.size > this.capacity * 4) this.sealed.delete(this.sealed.keys().next().value!);
  }

  /**
   * The plaintext of a value this log sealed, unless a shred has run since (or runs now); taken
   * once: the opened event is shared by position, a later reader (a read, a replay) deciphers.
   */
  takePlaintext(sealed: string): string | undefined {
    if (this.shredding > 0) return undefined;
    const text = this.sealed.get(sealed);
    if (text !== undefined) this.sealed.delete(sealed);
    return text;
  }

  async open(
    batch: readonly StoredEvent[],
    openBatch: (b: readonly StoredEvent[]) => Promise<StoredEvent[]>,
  ): Promise<StoredEvent[]> {
    const out: Array<Promise<StoredEvent>> = new Array<Promise<StoredEvent>>(batch.length);
    const missing: StoredEvent[] = [];
    const at: number[] = [];
    batch.forEach((s, i) => {
      const hit = this.byPosition.get(positionKey(s));
      if (hit && hit.eventId === s.event.eventId) out[i] = hit.opened;
      else {
        missing.push(s);
        at.push(i);
      }
    });
    if (missing.length > 0) {
      const opened = openBatch(missing).then((list) => list.map(deepFreeze));
      const keep = this.shredding === 0;
      missing.forEach((s, j) => {
        const one = opened.then((list) => list[j]!);
        out[at[j]!] = one;
        if (keep) this.put(positionKey(s), { eventId: s.event.eventId, opened: one });
      });
      // A failed opening is not kept: the next subscriber tries again.
      opened.catch(() => {
        for (const s of missing) {
          const k = positionKey(s);
          if (this.byPosition.get(k)?.eventId === s.event.eventId) this.byPosition.delete(k);
        }
      });
    }
    return Promise.all(out);
  }

  /** The key store with its shreds seen by this cache. */
  watching(keys: DataKeyStore): DataKeyStore {
    return {
      get sqlTables() {
        return keys.sqlTables;
      },
      subjectKey: (s) => keys.subjectKey(s),
      itemKeys: (s, items) => keys.itemKeys(s, items),
      lookup: (refs) => keys.lookup(refs),
      rotateSubject: (s) => keys.rotateSubject(s),
      keysOf: (s) => keys.keysOf(s),
      shred: async (req) => {
        this.forget(+1);
        try {
          return await keys.shred(req);
        } finally {
          this.forget(-1);
        }
      },
      close: () => keys.close(),
    };
  }

  private forget(shredding: 1 | -1): void {
    this.shredding += shredding;
    this.byPosition.clear();
    this.sealed.clear();
  }

  private put(k: string, v: { eventId: string; opened: Promise<StoredEvent> }): void {
    this.byPosition.delete(k);
    this.byPosition.set(k, v);
    if (this.byPosition.size > this.capacity) this.byPosition.delete(this.byPosition.keys().next().value!);
  }
}

const positionKey = (s: StoredEvent) => `${s.position.partition}:${s.position.offset}`;
