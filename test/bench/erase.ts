/**
 * P4 cost of an erasure on the embedded stack (sealed file log, PGlite on disk, local indexes with
 * snapshots, every projector and the erasure coordinator, as the all-in-one composes them).
 *   npm run bench -- erase [--events N] [--out result.json]
 * One user gets N events (60% session messages, 40% memories, each memory its own item key), a
 * second user as many; then one memory of the first user is erased, then the whole first user.
 * Each time is from the forget request to its report `completed` (lineage, key shredding, archive
 * purge, VACUUM FULL of the read-model tables and WAL retirement included).
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import type { EngramEvent } from '@engram/core';
import { make, openErasureStack } from '../../packages/erasure/test/stack';

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? undefined : argv[i + 1];
}

function eventsOf(userId: string, n: number): EngramEvent[] {
  const out: EngramEvent[] = [];
  for (let i = 0; i < n; i++) {
    const content = `event ${i} of ${userId}: prefers dark roast coffee and hikes near the lake on weekends`;
    out.push(
      i % 5 < 3
        ? make('bench', userId, 'MessageObserved', { messageId: randomUUID(), role: 'user', content, metadata: {} })
        : make('bench', userId, 'MemoryWritten', {
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
          }),
    );
  }
  return out;
}

export default async function main(argv: string[]): Promise<void> {
  const n = Number(option(argv, 'events') ?? 10_000);
  if (!Number.isSafeInteger(n) || n < 10) throw new Error('--events must be an integer ≥ 10');
  const out = option(argv, 'out');
  const s = await openErasureStack('bench');
  try {
    const loadStart = performance.now();
    for (const user of ['u-erased', 'u-kept']) {
      const events = eventsOf(user, n);
      for (let i = 0; i < events.length; i += 200) await s.append(events.slice(i, i + 200));
    }
    await s.caughtUp(3_600_000);
    const loadSeconds = (performance.now() - loadStart) / 1000;
    const scope = { tenantId: 'bench', userId: 'u-erased', agentId: null };
    const one = (
      await s.db.query<{ id: string }>("SELECT id::text AS id FROM memories WHERE user_id = 'u-erased' LIMIT 1")
    ).rows[0]!.id;

    let t = performance.now();
    const memory = await s.app.forget({ scope, target: 'memory', memoryId: one, reason: null });
    const memoryReport = await s.report(memory.erasureId, 3_600_000);
    const memoryMs = performance.now() - t;

    t = performance.now();
    const user = await s.app.forget({ scope, target: 'user', reason: null });
    const userReport = await s.report(user.erasureId, 3_600_000);
    const userMs = performance.now() - t;

    const rows = [
      { erase: 'one memory', ms: Math.round(memoryMs), status: memoryReport.status, removed: memoryReport.removed },
      { erase: `user (${n} events)`, ms: Math.round(userMs), status: userReport.status, removed: userReport.removed },
    ];
    console.log(`loaded ${2 * n} events (2 users) and caught up in ${loadSeconds.toFixed(1)} s`);
    console.log('erase                   ms   status     log  keys  memories  messages  textIndex');
    for (const r of rows) {
      console.log(
        `${r.erase.padEnd(20)} ${String(r.ms).padStart(6)}   ${r.status.padEnd(9)} ${String(r.removed.log).padStart(5)} ${String(r.removed.keys).padStart(5)} ${String(r.removed.memories).padStart(9)} ${String(r.removed.messages).padStart(9)} ${String(r.removed.textIndex).padStart(10)}`,
      );
    }
    if (out) await writeFile(out, JSON.stringify({ events: n, loadSeconds, rows }, null, 2));
  } finally {
    await s.stop();
    await s.cleanup();
  }
}
