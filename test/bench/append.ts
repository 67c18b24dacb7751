/**
 * Acknowledged-append throughput and ack latency of the embedded file log.
 *   npm run bench -- append [--events N] [--concurrency 1,16,64] [--delay-ms D] [--dir PATH] [--out result.json]
 *                           [--variants json,avro,sealed] [--kinds message,memory]
 * Each concurrency level gets a fresh log; C workers each issue single-event appends back to back
 * until N appends are acknowledged (durable: written and fdatasync'ed). Variants: json = the JSON
 * codec; avro = the production Avro codec; sealed = Avro + the sealed log (P4: user content sealed
 * with AES-256-GCM, keys in the embedded key store). Kinds: message = MessageObserved (sealed with
 * the user's key); memory = MemoryWritten with a new memory id each (its own item key, stored and
 * fdatasynced before the event is appended).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  createSealedEventLog,
  currentSchemaVersion,
  JsonEventCodec,
  type EngramEvent,
  type EventLog,
} from '@engram/core';
import {
  createAesGcmCipher,
  createMasterKey,
  generateMasterKeyText,
  openFileKeyStore,
  parseMasterKey,
} from '@engram/encryption';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { openFileEventLog } from '@engram/event-log-file';

const VARIANTS = ['json', 'avro', 'sealed'] as const;
type Variant = (typeof VARIANTS)[number];
const KINDS = ['message', 'memory'] as const;
type Kind = (typeof KINDS)[number];

interface Row {
  variant: Variant;
  kind: Kind;
  concurrency: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  eventsPerSync: number;
}

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i === -1) return undefined;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`--${name} needs a value`);
  return v;
}

function positiveInt(text: string, what: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${what} must be a positive integer, got ${text}`);
  return n;
}

function listOption<T extends string>(argv: string[], name: string, allowed: readonly T[], dflt: string): T[] {
  const out = (option(argv, name) ?? dflt).split(',').map((x) => x.trim());
  for (const x of out)
    if (!(allowed as readonly string[]).includes(x))
      throw new Error(`--${name}: ${x} is not one of ${allowed.join(', ')}`);
  return out as T[];
}

function event(n: number, user: string, kind: Kind = 'message'): EngramEvent {
  const now = new Date().toISOString();
  const content = `benchmark message number ${n}: the user prefers dark roast coffee in the morning`;
  if (kind === 'memory') {
    return {
      eventId: randomUUID(),
      type: 'MemoryWritten',
      schemaVersion: currentSchemaVersion('MemoryWritten'),
      tenantId: 'bench',
      userId: user,
      agentId: 'agent-1',
      sessionId: null,
      occurredAt: now,
      recordedAt: now,
      causationId: null,
      correlationId: null,
      keyId: null,
      payload: {
        memoryId: randomUUID(),
        type: 'USER',
        tier: 'SEMANTIC',
        key: null,
        content,
        tags: ['coffee'],
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
    };
  }
  return {
    eventId: randomUUID(),
    type: 'MessageObserved',
    schemaVersion: currentSchemaVersion('MessageObserved'),
    tenantId: 'bench',
    userId: user,
    agentId: 'agent-1',
    sessionId: 'session-1',
    occurredAt: now,
    recordedAt: now,
    causationId: null,
    correlationId: null,
    keyId: null,
    payload: { messageId: randomUUID(), role: 'user', content, metadata: {} },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function openVariant(dir: string, variant: Variant, delayMs: number) {
  const file = await openFileEventLog({
    dir: join(dir, 'log'),
    codec: variant === 'json' ? new JsonEventCodec() : createAvroEventCodec(),
    groupCommitMaxDelayMs: delayMs,
  });
  if (variant !== 'sealed') return { file, log: file as EventLog, close: () => file.close() };
  const cipher = createAesGcmCipher();
  const keys = await openFileKeyStore({
    dir: join(dir, 'keys'),
    master: createMasterKey(parseMasterKey(generateMasterKeyText(), 'bench')),
    eventKey: cipher.eventKey.bind(cipher),
  });
  const log = createSealedEventLog(file, { keys, cipher });
  return {
    file,
    log: log as EventLog,
    close: async () => {
      await log.close();
      await keys.close();
    },
  };
}

async function runLevel(
  root: string,
  variant: Variant,
  kind: Kind,
  concurrency: number,
  events: number,
  delayMs: number,
): Promise<Row> {
  const dir = await mkdtemp(join(root, `append-${variant}-${kind}-c${concurrency}-`));
  const { file, log, close } = await openVariant(dir, variant, delayMs);
  try {
    for (let i = 0; i < 100; i++) await log.append([event(i, 'warmup', kind)]);
    const before = file.stats();
    const latencies: number[] = [];
    let issued = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async (_, w) => {
        while (issued < events) {
          const n = issued++;
          const t0 = performance.now();
          await log.append([event(n, `user-${w % 64}`, kind)]);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const after = file.stats();
    return {
      variant,
      kind,
      concurrency,
      events,
      seconds,
      eventsPerSecond: events / seconds,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies[latencies.length - 1]!,
      eventsPerSync: (after.eventsCommitted - before.eventsCommitted) / (after.groupCommits - before.groupCommits),
    };
  } finally {
    await close();
    await rm(dir, { recursive: true, force: true });
  }
}

export default async function appendBench(argv: string[]): Promise<void> {
  const events = positiveInt(option(argv, 'events') ?? '5000', '--events');
  const levels = (option(argv, 'concurrency') ?? '1,16,64,256')
    .split(',')
    .map((c) => positiveInt(c.trim(), '--concurrency'));
  const delayMs = Number(option(argv, 'delay-ms') ?? '0');
  const root = option(argv, 'dir') ?? tmpdir();
  const out = option(argv, 'out');
  const variants = listOption(argv, 'variants', VARIANTS, 'json');
  const kinds = listOption(argv, 'kinds', KINDS, 'message');
  console.log(
    `append benchmark: ${events} single-event appends per level, group commit delay ${delayMs} ms, dir ${root}, variants ${variants.join(',')}, kinds ${kinds.join(',')}`,
  );
  const rows: Row[] = [];
  // Variants interleave per level, so a change in machine load hits them alike.
  for (const kind of kinds)
    for (const c of levels) for (const v of variants) rows.push(await runLevel(root, v, kind, c, events, delayMs));
  console.log('');
  console.log(
    '| kind | variant | concurrency | events | seconds | events/s | p50 ms | p99 ms | max ms | events/fdatasync |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.kind} | ${r.variant} | ${r.concurrency} | ${r.events} | ${r.seconds.toFixed(2)} | ${Math.round(r.eventsPerSecond)} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} | ${r.maxMs.toFixed(2)} | ${r.eventsPerSync.toFixed(1)} |`,
    );
  }
  if (out) await writeFile(out, JSON.stringify({ bench: 'append', events, delayMs, variants, kinds, rows }, null, 2));
}
