import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTORS } from '@engram/projections';
import { listBatches, readBatch, writeBatch } from '@engram/archive';
import { catchUpProjectors } from '../src/catch-up';
import type { CliIo } from '../src/io';
import { openOffline } from '../src/offline';
import { openOfflineApp } from '../src/offline-app';
import { cli, lastJson, tempDataDir } from './helpers/run-cli';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

describe('cold archive and re-distillation (A1)', () => {
  const tmp = tempDataDir();
  const env = { ENGRAM_DATA_DIR: tmp.dir, ENGRAM_EMBEDDER: 'hash', LOG_LEVEL: 'error' };
  const io = {
    env,
    cwd: process.cwd(),
    stdout: process.stdout,
    stderr: process.stderr,
    isTTY: false,
    signal: new AbortController().signal,
  } as CliIo;
  const user = 'dora';
  const ids: Record<string, string> = {};

  /** Runs fn on the data directory with the read models caught up. */
  async function offline<T>(fn: (f: Awaited<ReturnType<typeof openOffline>>) => Promise<T>): Promise<T> {
    const f = await openOffline(io, 'test');
    try {
      await catchUpProjectors(f.log, f.db, Object.values(PROJECTORS));
      return await fn(f);
    } finally {
      await f.close();
    }
  }

  beforeAll(async () => {
    const f = await openOffline(io, 'test');
    try {
      const app = await openOfflineApp(f);
      const scope = { tenantId: 'default', userId: user, agentId: null };
      const write = async (
        name: string,
        input: { type: 'USER' | 'ENVIRONMENT'; content: string; at: string; pinned?: boolean },
      ) => {
        ids[name] = (await app.writeMemory({ scope, ...input })).id;
      };
      await write('oldEnv', { type: 'ENVIRONMENT', content: 'The project uses PostgreSQL 15', at: daysAgo(200) });
      await write('oldEnv2', {
        type: 'ENVIRONMENT',
        content: 'The nightly build publishes release notes',
        at: daysAgo(120),
      });
      await write('crashed', {
        type: 'ENVIRONMENT',
        content: 'The staging cluster runs in Frankfurt',
        at: daysAgo(150),
      });
      await write('oldUser', { type: 'USER', content: 'Dora prefers tea over coffee', at: daysAgo(300) });
      await write('oldPinned', {
        type: 'ENVIRONMENT',
        content: 'The main branch is protected',
        at: daysAgo(300),
        pinned: true,
      });
      await write('recent', {
        type: 'ENVIRONMENT',
        content: 'The team adopted trunk-based development',
        at: daysAgo(10),
      });
      ids.keyed = (
        await app.writeMemory({
          scope,
          type: 'USER',
          key: 'user.drink',
          content: 'Dora drinks green tea',
          at: daysAgo(5),
        })
      ).id;
      await app.close();
      await catchUpProjectors(f.log, f.db, Object.values(PROJECTORS));
      // A run that crashed after writing its batch file but before appending the events.
      const row = (await f.db.query('SELECT * FROM memories WHERE id = $1', [ids.crashed])).rows[0]!;
      await writeBatch(
        join(tmp.dir, 'archive'),
        {
          batchId: '11111111-1111-4111-8111-111111111111',
          createdAt: '2026-01-01T03:00:00.000Z',
          cutoff: daysAgo(90),
          archiveDays: 90,
        },
        [
          {
            kind: 'record',
            memoryId: ids.crashed!,
            tenantId: 'default',
            userId: user,
            agentId: null,
            type: 'ENVIRONMENT',
            factKind: String(row.kind),
            key: null,
            content: 'The staging cluster runs in Frankfurt',
            tags: [],
            source: String(row.source),
            confidence: 1,
            importance: Number(row.importance),
            createdAt: daysAgo(150),
            updatedAt: daysAgo(150),
            lastAccessed: null,
            sourceMessageIds: [],
            episodeId: null,
            fingerprint: 'f'.repeat(64),
          },
        ],
      );
    } finally {
      await f.close();
    }
  });
  afterAll(() => tmp.dispose());

  it('writes entries older than ARCHIVE_DAYS to an atomic JSONL batch and archives them; a rerun adds nothing', async () => {
    const r = await cli(['archive', '--now'], env);
    expect(r.code, r.stderr).toBe(0);
    const out = lastJson<{ batchFile: string; archived: number; resumed: number; purged: number }>(r.stdout);
    expect(out).toMatchObject({ archived: 2, resumed: 1, purged: 0 });

    const batch = await readBatch(out.batchFile);
    expect(batch.meta).toMatchObject({ kind: 'batch', records: 2, archiveDays: 90 });
    expect(batch.records.map((x) => x.memoryId).sort()).toEqual([ids.oldEnv, ids.oldEnv2].sort());
    expect(batch.records[0]!.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(out.batchFile, 'utf8').split('\n')[0]).toContain('"kind":"batch"');
    expect(readdirSync(join(tmp.dir, 'archive')).filter((n) => n.includes('.tmp'))).toEqual([]);

    const tiers = await offline(async (f) => {
      const rows = await f.db.query<{ id: string; tier: string }>(
        'SELECT id::text AS id, tier FROM memories WHERE user_id = $1',
        [user],
      );
      const reasons = await f.db.query<{ reason: string }>('SELECT reason FROM archive_entries WHERE user_id = $1', [
        user,
      ]);
      return {
        tier: Object.fromEntries(rows.rows.map((x) => [x.id, x.tier])),
        reasons: reasons.rows.map((x) => x.reason),
      };
    });
    expect(tiers.tier[ids.oldEnv!]).toBe('ARCHIVAL');
    expect(tiers.tier[ids.oldEnv2!]).toBe('ARCHIVAL');
    expect(tiers.tier[ids.crashed!]).toBe('ARCHIVAL');
    expect([tiers.tier[ids.oldUser!], tiers.tier[ids.oldPinned!], tiers.tier[ids.recent!]]).toEqual([
      'SEMANTIC',
      'SEMANTIC',
      'SEMANTIC',
    ]);
    expect(tiers.reasons).toEqual(['cold_archive', 'cold_archive', 'cold_archive']);

    const again = await cli(['archive', '--now'], env);
    expect(lastJson(again.stdout)).toEqual({ batchFile: null, archived: 0, resumed: 0, purged: 0 });
  });

  it('re-distills archived records once per extractor and content fingerprint', async () => {
    const first = await cli(['redistill'], env);
    expect(first.code, first.stderr).toBe(0);
    const out = lastJson<{ extractor: string; records: number; processed: number; skipped: number; facts: number }>(
      first.stdout,
    );
    expect(out).toMatchObject({ extractor: 'rules@1', records: 3, processed: 3, skipped: 0 });
    expect(out.facts).toBeGreaterThanOrEqual(1);
    const facts = await offline(
      async (f) =>
        (
          await f.db.query<{ content: string; source: string }>(
            "SELECT content, source FROM memories WHERE user_id = $1 AND key = 'env.project.database' AND tier = 'SEMANTIC'",
            [user],
          )
        ).rows,
    );
    expect(facts).toEqual([{ content: 'The project uses PostgreSQL 15', source: 'consolidated' }]);

    const second = await cli(['redistill'], env);
    expect(lastJson(second.stdout)).toMatchObject({ processed: 0, skipped: 3, facts: 0 });
  });

  it('drops the records of erased entries from the archive batches (forget cascades)', async () => {
    const forgot = await cli(['forget', '--user', user, '--memory', ids.oldEnv!], env);
    expect(forgot.code, forgot.stderr).toBe(0);
    const r = await cli(['archive', '--now'], env);
    expect(lastJson(r.stdout)).toMatchObject({ archived: 0, purged: 1 });
    const all = await Promise.all((await listBatches(join(tmp.dir, 'archive'))).map(readBatch));
    const remaining = all.flatMap((b) => b.records.map((x) => x.memoryId));
    expect(remaining).not.toContain(ids.oldEnv);
    expect(remaining.sort()).toEqual([ids.oldEnv2, ids.crashed].sort());
  });

  it('forgets every entry of a key offline', async () => {
    const r = await cli(['forget', '--user', user, '--key', 'user.drink'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(lastJson(r.stdout)).toMatchObject({ forgotten: 'key' });
    const left = await offline(
      async (f) => (await f.db.query("SELECT id FROM memories WHERE user_id = $1 AND key = 'user.drink'", [user])).rows,
    );
    expect(left).toEqual([]);
  });
});
