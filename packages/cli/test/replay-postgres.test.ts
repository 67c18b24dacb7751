import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemClock } from '@engram/core';
import { createMemoryApp, type MemoryApp } from '@engram/app';
import { PROJECTION_NAMES, PROJECTORS, runMigrations, sqlProjectionProgress } from '@engram/projections';
import {
  createRootLogger,
  Lifecycle,
  openFoundation,
  parseConfig,
  startProjectors,
  type Foundation,
} from '@engram/runtime';
import { createScratchDatabase, openPostgres } from '@engram/store-postgres';
import { describeWithServers, waitFor } from '@engram/testing';
import { catchUpProjectors } from '../src/catch-up';
import type { CliIo } from '../src/io';
import { replaySql } from '../src/replay/sql-replay';
import { importLocomo } from '../src/commands/import-locomo';
import { LOCOMO_FILE, tempDataDir } from './helpers/run-cli';
import { hashTables, publicIndexes } from './helpers/table-hash';

describeWithServers(
  ['postgres'],
  'engram replay on PostgreSQL while the live projectors keep writing',
  ({ postgres: pgUrl }) => {
    const tmp = tempDataDir();
    const scratch: Array<{ drop(): Promise<void> }> = [];
    let f: Foundation;
    let life: Lifecycle;
    let app: MemoryApp;
    const io: CliIo = {
      stdout: new Writable({ write: (_c, _e, cb) => cb() }),
      stderr: new Writable({ write: (_c, _e, cb) => cb() }),
      env: {},
      cwd: process.cwd(),
      isTTY: false,
      signal: new AbortController().signal,
    };

    beforeAll(async () => {
      const live = await createScratchDatabase(pgUrl, 'engram_cli');
      scratch.push(live);
      const cfg = parseConfig({
        ENGRAM_DATA_DIR: tmp.dir,
        ENGRAM_STORE: 'postgres',
        DATABASE_URL: live.url,
        ENGRAM_EMBEDDER: 'hash',
      });
      const logger = createRootLogger({ service: 'cli-test', level: 'error' });
      life = new Lifecycle(logger);
      f = await openFoundation(cfg, logger, life);
      app = createMemoryApp({
        log: f.log,
        db: f.db,
        progress: sqlProjectionProgress(f.db, [...PROJECTION_NAMES]),
        clock: systemClock,
        logger,
        config: { maxContentBytes: 32 * 1024, minPositionWaitMs: 0, accessFlushMs: 60_000 },
        trusted: true,
      });
      await importLocomo(app, f.log, LOCOMO_FILE, { tenantId: 'default', conversations: 1, sessions: 3 }, io);
      await startProjectors(f, PROJECTION_NAMES);
    });
    afterAll(async () => {
      await app?.close();
      await life?.stop();
      for (const s of scratch) await s.drop().catch(() => undefined);
      tmp.dispose();
    });

    it('switches to the rebuilt tables without losing the writes applied meanwhile', async () => {
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing) {
          await app.observeMessage({
            scope: { tenantId: 'default', userId: 'live-writer', agentId: null },
            sessionId: 's1',
            role: 'user',
            content: `live message ${written}`,
          });
          written++;
          // A steady live load (~50 writes/s), not a flood the replay could never catch up with on a
          // loaded 2-core machine.
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      await waitFor('a few live writes', async () => written >= 5);
      const out = await replaySql(f.log, f.db, { projections: [...PROJECTION_NAMES], from: null, restart: false }, io);
      expect(out.applied).toBeGreaterThan(0);
      const atSwitch = written;
      await waitFor('more live writes after the switch', async () => written >= atSwitch + 5);
      writing = false;
      await writer;

      const head = await f.log.head();
      const progress = sqlProjectionProgress(f.db, [...PROJECTION_NAMES]);
      await waitFor('the live projectors reach the head', () =>
        progress.reached({ partition: 0, offset: head.get(0)! - 1 }),
      );

      // The reference: the same log applied from scratch into an empty database.
      const refDb = await createScratchDatabase(pgUrl, 'engram_cli_ref');
      scratch.push(refDb);
      const ref = openPostgres({ connectionString: refDb.url, max: 2 });
      try {
        await runMigrations(ref);
        await catchUpProjectors(f.log, ref, Object.values(PROJECTORS));
        expect(await hashTables(f.db)).toEqual(await hashTables(ref));
        expect(await publicIndexes(f.db)).toEqual(await publicIndexes(ref));
      } finally {
        await ref.close();
      }
      const live = await f.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM messages WHERE user_id = 'live-writer'",
      );
      expect(Number(live.rows[0]!.n)).toBe(written);
      const schemas = await f.db.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'engram_re%'");
      expect(schemas.rows).toEqual([]);
    });
  },
);
