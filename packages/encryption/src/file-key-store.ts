import { constants } from 'node:fs';
import { mkdir, open, readFile, rename, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import {
  EngramError,
  type DataKey,
  type DataKeyStore,
  type KeyInfo,
  type KeyLookup,
  type KeySubject,
  type ShredOutcome,
  type ShredRequest,
} from '@engram/core';
import { newKeyMaterial, newKid } from './aes-gcm-cipher';
import { assertSameMaster, eventKeyAad, keyAad, type MasterKey } from './master-key';

export const KEY_STORE_FILE = 'keystore.jsonl';

interface KeyRecord {
  kid: string;
  t: string;
  u: string;
  kind: 'subject' | 'item';
  item: string | null;
  gen: number | null;
  /** The wrapped key; null once shredded. */
  w: string | null;
  at: string;
  shreddedAt?: string | null;
  erasureId?: string | null;
}

type Line =
  | { op: 'meta'; check: string }
  | ({ op: 'key' } & KeyRecord)
  | { op: 'current'; t: string; u: string; kid: string }
  | { op: 'eventKey'; kid: string; e: string; w: string };

export interface FileKeyStoreOptions {
  dir: string;
  master: MasterKey;
  /** The cipher's per-event key derivation (kept for events that outlive a shredded key). */
  eventKey: (key: DataKey, eventId: string) => Uint8Array;
}

const subjectKeyOf = (t: string, u: string) => JSON.stringify([t, u]);

/** Whether a key store file with keys exists in dir (a missing master key is then an error, never a reason to make a new one). */
export async function fileKeyStoreHasKeys(dir: string): Promise<boolean> {
  try {
    return (await readFile(join(dir, KEY_STORE_FILE), 'utf8')).includes('"op":"key"');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw e;
  }
}

/**
 * The key file for appends that are durable when they return (O_DSYNC: the write and its fdatasync in
 * one call, one trip to libuv's pool instead of two, on the acknowledgement path of every new item key).
 */
const openForAppends = (path: string) =>
  open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | (constants.O_DSYNC ?? 0));

/**
 * The embedded key store: a JSON-lines file of wrapped keys. New keys are appended and fdatasynced
 * (group commit: keys asked for while a sync runs share the next one) before anyone may seal with
 * them, or (itemKeysUnstored) before anything sealed with them is acknowledged. A shred rewrites the whole file without the destroyed keys (temp file, fsync, rename, fsync
 * of the directory), so their wrapped bytes are in no file any more. One process owns it (the one
 * holding the embedded log's lock).
 */
export async function openFileKeyStore(opts: FileKeyStoreOptions): Promise<DataKeyStore> {
  await mkdir(opts.dir, { recursive: true });
  const path = join(opts.dir, KEY_STORE_FILE);
  const keys = new Map<string, KeyRecord>();
  const current = new Map<string, string>();
  const items = new Map<string, string>();
  const eventKeys = new Map<string, string>();
  const bySubject = new Map<string, Set<string>>();
  let check: string | null = null;

  const index = (r: KeyRecord) => {
    keys.set(r.kid, r);
    const s = subjectKeyOf(r.t, r.u);
    let set = bySubject.get(s);
    if (!set) bySubject.set(s, (set = new Set()));
    set.add(r.kid);
    if (r.kind === 'item' && r.item !== null && r.w !== null) items.set(`${s}\u0000${r.item}`, r.kid);
  };

  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new EngramError('KEY_UNAVAILABLE', `cannot read the key store ${path}: ${(e as Error).message}`, {
        cause: e,
      });
  }
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch (e) {
      if (i >= lines.length - 2) return; // a torn last line: that key was never handed out
      throw new EngramError('KEY_UNAVAILABLE', `the key store ${path} is damaged at line ${i + 1}`, {
        cause: e,
        retriable: false,
      });
    }
    if (line.op === 'meta') check = line.check;
    else if (line.op === 'key') {
      const { op: _op, ...r } = line;
      index(r);
    } else if (line.op === 'current') current.set(subjectKeyOf(line.t, line.u), line.kid);
    else if (line.op === 'eventKey') eventKeys.set(`${line.kid}\u0000${line.e}`, line.w);
  });
  assertSameMaster(check, opts.master, path);

  let fh: FileHandle = await openForAppends(path);
  let failure: EngramError | null = null;
  let closed = false;
  const material = new Map<string, Uint8Array>();

  type Job = { kind: 'append'; text: string } | { kind: 'rewrite' };
  const jobs: Array<{ job: Job; resolve(): void; reject(e: unknown): void }> = [];
  let writing: Promise<void> | null = null;

  const snapshotText = (): string => {
    const out: Line[] = [{ op: 'meta', check: opts.master.check }];
    for (const r of keys.values()) out.push({ op: 'key', ...r });
    for (const [s, kid] of current) {
      const [t, u] = JSON.parse(s) as [string, string];
      out.push({ op: 'current', t, u, kid });
    }
    for (const [k, w] of eventKeys) {
      const [kid, e] = k.split('\u0000') as [string, string];
      out.push({ op: 'eventKey', kid, e, w });
    }
    return out.map((l) => JSON.stringify(l)).join('\n') + '\n';
  };

  const rewrite = async () => {
    const tmp = `${path}.tmp`;
    const out = await open(tmp, 'w');
    try {
      await out.writeFile(snapshotText(), 'utf8');
      await out.sync();
    } finally {
      await out.close();
    }
    await fh.close();
    await rename(tmp, path);
    const d = await open(opts.dir, 'r');
    try {
      await d.sync().catch(() => undefined);
    } finally {
      await d.close();
    }
    fh = await openForAppends(path);
  };

  const drain = async () => {
    while (jobs.length > 0) {
      const first = jobs[0]!;
      // Appends queued together share one write and one sync; a rewrite runs alone.
      const batch =
        first.job.kind === 'rewrite'
          ? jobs.splice(0, 1)
          : jobs.splice(0, jobs.findIndex((j) => j.job.kind === 'rewrite') >>> 0);
      try {
        if (failure) throw failure;
        if (first.job.kind === 'rewrite') await rewrite();
        else {
          await fh.write(batch.map((b) => (b.job as { text: string }).text).join(''));
          if (constants.O_DSYNC === undefined) await fh.datasync();
        }
        for (const b of batch) b.resolve();
      } catch (e) {
        failure ??= new EngramError(
          'KEY_UNAVAILABLE',
          `the key store ${path} cannot be written (${(e as Error).message}); restart after fixing the disk`,
          { cause: e, retriable: false },
        );
        for (const b of batch) b.reject(failure);
      }
    }
  };

  const kick = (): void => {
    if (writing) return;
    writing = (async () => {
      try {
        await drain();
      } finally {
        writing = null;
        // A job queued after the last look at the queue but before this line.
        if (jobs.length > 0) kick();
      }
    })();
  };

  const submit = (job: Job) =>
    new Promise<void>((resolve, reject) => {
      jobs.push({ job, resolve, reject });
      kick();
    });

  const assertUsable = () => {
    if (closed) throw new EngramError('SHUTTING_DOWN', 'the key store is closed');
    if (failure) throw failure;
  };

  /** Keys created but not yet synced: everyone handed one waits for the same sync. */
  const syncing = new Map<string, Promise<void>>();
  const durable = async (kids: Iterable<string>) => {
    for (const kid of kids) await syncing.get(kid);
  };

  const unwrapped = (r: KeyRecord): DataKey => {
    let m = material.get(r.kid);
    if (!m) {
      m = opts.master.unwrap(r.w!, keyAad(r.kid, r.t, r.u));
      if (material.size >= 100_000) material.delete(material.keys().next().value!);
      material.set(r.kid, m);
    }
    return { kid: r.kid, material: m };
  };

  const create = (
    s: KeySubject,
    kind: 'subject' | 'item',
    item: string | null,
    gen: number | null,
  ): { record: KeyRecord; line: Line } => {
    const kid = newKid();
    const m = newKeyMaterial();
    const record: KeyRecord = {
      kid,
      t: s.tenantId,
      u: s.userId,
      kind,
      item,
      gen,
      w: opts.master.wrap(m, keyAad(kid, s.tenantId, s.userId)),
      at: new Date().toISOString(),
    };
    material.set(kid, m);
    index(record);
    return { record, line: { op: 'key', ...record } };
  };

  const persistNew = (kids: string[], lines: Line[]) => {
    if (check === null) {
      check = opts.master.check;
      lines.unshift({ op: 'meta', check });
    }
    const p = submit({ kind: 'append', text: lines.map((l) => `${JSON.stringify(l)}\n`).join('') });
    for (const kid of kids) syncing.set(kid, p);
    void p.then(
      () => kids.forEach((k) => syncing.delete(k)),
      () => undefined,
    );
    return p;
  };

  const newSubjectKey = (s: KeySubject): Promise<DataKey> => {
    const sk = subjectKeyOf(s.tenantId, s.userId);
    const gens = [...(bySubject.get(sk) ?? [])]
      .map((k) => keys.get(k)!)
      .filter((r) => r.kind === 'subject')
      .map((r) => r.gen ?? 0);
    const { record, line } = create(s, 'subject', null, gens.length ? Math.max(...gens) + 1 : 1);
    current.set(sk, record.kid);
    return persistNew([record.kid], [line, { op: 'current', t: s.tenantId, u: s.userId, kid: record.kid }]).then(() =>
      unwrapped(record),
    );
  };

  /** The item keys, new ones made now; `stored` resolves once every one of them is durable. */
  const itemKeysUnstored = (s: KeySubject, wanted: readonly string[]) => {
    assertUsable();
    const sk = subjectKeyOf(s.tenantId, s.userId);
    const out = new Map<string, DataKey>();
    const made: string[] = [];
    const lines: Line[] = [];
    const existing: string[] = [];
    for (const item of new Set(wanted)) {
      const kid = items.get(`${sk}\u0000${item}`);
      if (kid) {
        existing.push(kid);
        out.set(item, unwrapped(keys.get(kid)!));
        continue;
      }
      const { record, line } = create(s, 'item', item, null);
      made.push(record.kid);
      lines.push(line);
      out.set(item, unwrapped(record));
    }
    const stored = Promise.all([lines.length > 0 ? persistNew(made, lines) : undefined, durable(existing)]).then(
      () => undefined,
    );
    return { keys: out, stored };
  };

  return {
    sqlTables: [],

    async subjectKey(s) {
      assertUsable();
      const kid = current.get(subjectKeyOf(s.tenantId, s.userId));
      const r = kid ? keys.get(kid) : undefined;
      if (r && r.w !== null) {
        await durable([r.kid]);
        return unwrapped(r);
      }
      return newSubjectKey(s);
    },

    async itemKeys(s, wanted) {
      const { keys: out, stored } = itemKeysUnstored(s, wanted);
      await stored;
      return out;
    },

    itemKeysUnstored: async (s, wanted) => itemKeysUnstored(s, wanted),

    async lookup(refs): Promise<KeyLookup[]> {
      assertUsable();
      return refs.map(({ kid, eventId }) => {
        const r = keys.get(kid);
        if (!r) return { state: 'unknown' };
        if (r.w !== null) return { state: 'key', key: unwrapped(r) };
        const kept = eventKeys.get(`${kid}\u0000${eventId}`);
        if (kept) return { state: 'event', eventKey: opts.master.unwrap(kept, eventKeyAad(kid, eventId, r.t, r.u)) };
        return { state: 'shredded', erasureId: r.erasureId ?? null };
      });
    },

    async rotateSubject(s) {
      assertUsable();
      return newSubjectKey(s);
    },

    async keysOf(s): Promise<KeyInfo[]> {
      assertUsable();
      return [...(bySubject.get(subjectKeyOf(s.tenantId, s.userId)) ?? [])].map((kid) => {
        const r = keys.get(kid)!;
        return { kid, kind: r.kind, item: r.item, shredded: r.w === null };
      });
    },

    async shred(req: ShredRequest): Promise<ShredOutcome> {
      assertUsable();
      const sk = subjectKeyOf(req.subject.tenantId, req.subject.userId);
      const destroy = new Set(req.destroy.filter((kid) => keys.get(kid)?.w != null && bySubject.get(sk)?.has(kid)));
      let kept = 0;
      for (const { kid, eventId } of req.keep) {
        const r = keys.get(kid);
        if (!r || r.w === null || !destroy.has(kid) || eventKeys.has(`${kid}\u0000${eventId}`)) continue;
        const ek = opts.eventKey(unwrapped(r), eventId);
        eventKeys.set(`${kid}\u0000${eventId}`, opts.master.wrap(ek, eventKeyAad(kid, eventId, r.t, r.u)));
        kept++;
      }
      const at = new Date().toISOString();
      for (const kid of destroy) {
        const r = keys.get(kid)!;
        r.w = null;
        r.shreddedAt = at;
        r.erasureId = req.erasureId;
        material.delete(kid);
        if (r.item !== null) items.delete(`${sk}\u0000${r.item}`);
        if (current.get(sk) === kid) current.delete(sk);
      }
      if (destroy.size > 0 || kept > 0) await submit({ kind: 'rewrite' });
      return { destroyed: destroy.size, kept };
    },

    async close() {
      if (closed) return;
      closed = true;
      while (writing) await writing;
      await fh.close();
    },
  };
}
