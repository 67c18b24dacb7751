import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, lastJson, LOCOMO_FILE, tempDataDir } from './helpers/run-cli';
import { openParts } from './helpers/service-parts';
import { waitFor } from '@engram/testing';
import { eventStatusRows, hashTables, publicIndexes, rowCount } from './helpers/table-hash';

const QUESTIONS = [
  'When did Caroline go to the LGBTQ support group?',
  'When did Melanie paint a sunrise?',
  'What did Caroline research?',
  'When is Melanie planning on going camping?',
  "What is Caroline's relationship status?",
];

describe('engram replay (L6)', () => {
  const tmp = tempDataDir();
  const env = { ENGRAM_DATA_DIR: tmp.dir, ENGRAM_EMBEDDER: 'hash', ENGRAM_CONSOLIDATION_IDLE_SECONDS: '3600' };
  let before: Record<string, string>;
  let indexes: string[];
  let status: string[];
  let answers: unknown[];
  const user = 'conv-26';

  beforeAll(async () => {
    const imported = await cli(
      ['import', '--format', 'locomo', '--conversations', '1', '--sessions', '2', LOCOMO_FILE],
      env,
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(lastJson(imported.stdout)).toMatchObject({ users: 1, sessions: 2, skipped: 0 });

    // The service's projectors, consolidator and search index process the conversation.
    const parts = await openParts(env, { consolidator: true });
    try {
      await waitFor('consolidation of the 2 sessions', async () => (await rowCount(parts.f.db, 'episodes')) === 2);
      await parts.settled();
      before = await hashTables(parts.f.db);
      indexes = await publicIndexes(parts.f.db);
      status = await eventStatusRows(parts.f.db);
      expect(status.length).toBeGreaterThan(20);
      answers = await Promise.all(QUESTIONS.map((q) => parts.query(user, q)));
      expect(await rowCount(parts.f.db, 'messages')).toBeGreaterThan(20);
      expect(answers.every((a) => (a as unknown[]).length > 0)).toBe(true);
      // Damage the live read models: only a rebuild from the log can restore them.
      await parts.f.db.query("UPDATE messages SET content = 'tampered' WHERE message_id = 'D1:3'");
      await parts.f.db.query('DELETE FROM episodes WHERE ctid IN (SELECT ctid FROM episodes LIMIT 1)');
      expect((await hashTables(parts.f.db)).messages).not.toBe(before.messages);
    } finally {
      await parts.close();
    }
  });
  afterAll(() => tmp.dispose());

  it('rebuilds every read model and the search index from scratch with identical content and query results', async () => {
    const r = await cli(['replay', '--projection', 'all'], env);
    expect(r.code, r.stderr).toBe(0);
    const out = lastJson<{
      sql: { resumed: boolean; applied: number };
      search: { documents: number; resumed: boolean };
    }>(r.stdout);
    expect(out.sql.resumed).toBe(false);
    expect(out.sql.applied).toBeGreaterThan(0);
    expect(out.search.resumed).toBe(false);
    expect(r.stderr).toContain('"phase":"replay"');

    const parts = await openParts(env, { projectors: false });
    try {
      expect(await hashTables(parts.f.db)).toEqual(before);
      // The indexes the replay built after loading are the migrations' own.
      expect(await publicIndexes(parts.f.db)).toEqual(indexes);
      // The write status is rebuilt too (moved in whole when every SQL projection is replayed).
      expect(await eventStatusRows(parts.f.db)).toEqual(status);
      expect(indexes.join('\n')).toContain('memories_user_valid_idx');
      expect(await Promise.all(QUESTIONS.map((q) => parts.query(user, q)))).toEqual(answers);
      const shadow = await parts.f.db.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'engram_%'");
      expect(shadow.rows).toEqual([]);
    } finally {
      await parts.close();
    }
    const stats = await cli(['stats', '--json'], env);
    expect(stats.code, stats.stderr).toBe(0);
    const s = lastJson<{ projections: Array<{ projection: string; lag: number }>; log: { events: number } }>(
      stats.stdout,
    );
    expect(s.projections.map((p) => [p.projection, p.lag])).toEqual([
      ['working', 0],
      ['episodic', 0],
      ['semantic', 0],
      ['archival', 0],
      ['search-index', 0],
    ]);
  });

  it('keeps serving the live tables until the switch and resumes an interrupted replay', async () => {
    const ctl = new AbortController();
    const stopped = await cli(['replay', '--projection', 'semantic,episodic'], env, {
      signal: ctl.signal,
      onStderr: (s) => {
        if (s.includes('"phase":"replay"')) ctl.abort();
      },
    });
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('SHUTTING_DOWN/INTERRUPTED');

    let parts = await openParts(env, { projectors: false });
    try {
      // Nothing switched: the live tables are as before, the shadow holds the partial rebuild.
      expect(await hashTables(parts.f.db)).toEqual(before);
      const shadowRows = await parts.f.db.query<{ n: number }>('SELECT count(*)::int AS n FROM engram_replay.memories');
      expect(Number(shadowRows.rows[0]!.n)).toBe(await rowCount(parts.f.db, 'memories'));
      await parts.f.db.query("UPDATE memories SET content = 'tampered again'");
    } finally {
      await parts.close();
    }

    const resumed = await cli(['replay', '--projection', 'semantic,episodic'], env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(lastJson<{ sql: { resumed: boolean } }>(resumed.stdout).sql.resumed).toBe(true);
    parts = await openParts(env, { projectors: false });
    try {
      expect(await hashTables(parts.f.db)).toEqual(before);
    } finally {
      await parts.close();
    }
  });
});
