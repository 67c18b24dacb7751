/**
 * Crypto-shredding (P4): the user content of events is sealed in the log with keys that live in a
 * key store, so destroying a key makes every byte it sealed unreadable, in any log and any backup
 * of it. Keys belong to a subject (tenant + user); an item key (e.g. "memory:<id>") lets one memory
 * be shredded without touching the rest of the user.
 */

/** The unit of crypto-shredding: one user of one tenant. */
export interface KeySubject {
  tenantId: string;
  userId: string;
}

/** A data key. `material` is the raw key: only the FieldCipher and the key store look at it. */
export interface DataKey {
  kid: string;
  material: Uint8Array;
}

/** What a sealed value's key id opens for one event. */
export type KeyLookup =
  /** The data key (the event's own key is derived from it). */
  | { state: 'key'; key: DataKey }
  /** The key was shredded but this one event's derived key was kept (an event appended after the erasure). */
  | { state: 'event'; eventKey: Uint8Array }
  /** Destroyed by an erasure: the value reads as erased. */
  | { state: 'shredded'; erasureId: string | null }
  /** This store has never held the key (wrong store, lost key file): an error, never an erasure. */
  | { state: 'unknown' };

export interface KeyInfo {
  kid: string;
  kind: 'subject' | 'item';
  /** For item keys: the item ("memory:<id>", "episode:<id>", …). */
  item: string | null;
  shredded: boolean;
}

export interface ShredRequest {
  subject: KeySubject;
  erasureId: string;
  /** Keys whose material is destroyed. */
  destroy: readonly string[];
  /** Events sealed with a destroyed key that must stay readable (appended after the erasure request). */
  keep: ReadonlyArray<{ kid: string; eventId: string }>;
}

export interface ShredOutcome {
  /** Keys destroyed by this call (already destroyed ones are not counted again). */
  destroyed: number;
  /** Event keys kept for events that outlive a destroyed key. */
  kept: number;
}

/**
 * The key store. Every key it hands out for sealing is durable first: an event sealed with a key is
 * only appended (and acknowledged) after that key is stored; with itemKeysUnstored, only acknowledged after.
 */
export interface DataKeyStore {
  /** The subject key new events are sealed with (created on first use). */
  subjectKey(subject: KeySubject): Promise<DataKey>;
  /** One key per item, created when missing (or when the item's key was shredded: a new write gets a new key). */
  itemKeys(subject: KeySubject, items: readonly string[]): Promise<Map<string, DataKey>>;
  /**
   * itemKeys without waiting for the new keys to be stored: `stored` resolves once every key handed
   * out is. For a log that acknowledges only after it (EventLog.cutsUnacknowledged), so the key's
   * sync runs alongside the log's own.
   */
  itemKeysUnstored?(
    subject: KeySubject,
    items: readonly string[],
  ): Promise<{ keys: Map<string, DataKey>; stored: Promise<void> }>;
  /** Looks key ids up for opening sealed values of one event each: `${kid}` → lookup, per (kid, eventId). */
  lookup(refs: ReadonlyArray<{ kid: string; eventId: string }>): Promise<KeyLookup[]>;
  /** Starts a new generation of the subject key (erasure of the user): later events are sealed with it. */
  rotateSubject(subject: KeySubject): Promise<DataKey>;
  /** The subject's keys, live and shredded (the erasure coordinator's inventory). */
  keysOf(subject: KeySubject): Promise<KeyInfo[]>;
  /** Destroys key material (idempotent). */
  shred(req: ShredRequest): Promise<ShredOutcome>;
  /** Tables or files the store keeps key material in, for the vacuum after a shred (SQL stores). */
  readonly sqlTables: readonly string[];
  close(): Promise<void>;
}

/** AES-256-GCM (or any AEAD) over single field values; values are strings so every schema keeps its types. */
export interface FieldCipher {
  /** The key of one event's fields, derived from a data key (so one event can outlive its key). */
  eventKey(key: DataKey, eventId: string): Uint8Array;
  /** Seals a UTF-8 value; aad binds it to its event and field. The result starts with SEALED_PREFIX. */
  seal(eventKey: Uint8Array, kid: string, plaintext: string, aad: string): string;
  /** Opens a sealed value; fails with DECODE_FAILED when it was tampered with or the key is wrong. */
  open(eventKey: Uint8Array, sealed: string, aad: string): string;
  /** The key id of a sealed value; null for a plain value (e.g. from a producer publishing plaintext). */
  kidOf(value: string): string | null;
  /**
   * The id of a semantic key's slot: a keyed hash of the key name under the subject key, the same for
   * every use of the name, and saying nothing about the name without that key.
   */
  slotId(subjectKey: DataKey, keyName: string): string;
}

/**
 * Every sealed value starts with U+0000: no plaintext Engram accepts can (the storable check refuses
 * NUL everywhere), so sealed and plain values never mix up, and a sealed value that ever reached a
 * read model would fail loudly (PostgreSQL text cannot hold NUL).
 */
export const SEALED_PREFIX = '\u0000E1.';

export function isSealed(v: unknown): v is string {
  return typeof v === 'string' && v.startsWith(SEALED_PREFIX);
}
