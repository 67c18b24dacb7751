import { spawnSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithServers, pgTestUrl } from '@engram/testing';
import { filesContaining, make, openErasureStack, type ErasureStack } from './stack';

/** Lower-case random letters: no text holds them by chance, and no stemmer or case folding changes the first ten. */
function secretWord(): string {
  let w = 'q';
  for (let i = 0; i < 13; i++) w += String.fromCharCode(97 + randomInt(26));
  return w;
}
const needleOf = (secret: string) => secret.slice(0, 10);

/** Files under `dir` holding `needle`, read as the server wrote them (the test runs as a user that may read them). */
async function serverFilesContaining(dir: string, needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    const bytes = await readFile(path).catch(() => null);
    if (bytes?.toString('latin1').toLowerCase().includes(needle)) hits.push(path);
  }
  return hits;
}

function fullDump(url: string): string {
  const r = spawnSync('pg_dump', ['--no-owner', '--dbname', url], { encoding: 'latin1', maxBuffer: 1 << 30 });
  if (r.error || r.status !== 0) throw new Error(`pg_dump failed: ${r.error?.message ?? r.stderr}`);
  return r.stdout.toLowerCase();
}

describeWithServers(['postgres'], 'erasing a user with PostgreSQL as read store and key store (P4 acceptance)', () => {
  let s: ErasureStack;
  let paths: { base: string; wal: string };
  beforeAll(async () => {
    s = await openErasureStack('acme', { pgUrl: pgTestUrl()! });
    const dataDir = (await s.db.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
    const oid = (
      await s.db.query<{ oid: string }>('SELECT oid::text AS oid FROM pg_database WHERE datname = current_database()')
    ).rows[0]!.oid;
    paths = { base: join(dataDir, 'base', oid), wal: join(dataDir, 'pg_wal') };
  }, 60_000);
  afterAll(async () => {
    await s?.stop().catch(() => undefined);
    await s?.cleanup();
  });

  const scope = (userId: string) => ({ tenantId: 'acme', userId, agentId: null });

  it('leaves no occurrence of the secret in a full pg_dump, in the database files, the WAL or the data dir', async () => {
    const [secret, metaSecret, keySecret, other] = [secretWord(), secretWord(), secretWord(), secretWord()];
    const said = make('acme', 'lena', 'MessageObserved', {
      messageId: randomUUID(),
      role: 'user',
      content: `My bike is at ${secret} station`,
      metadata: { place: metaSecret },
    });
    const memoryId = randomUUID();
    const written = make('acme', 'lena', 'MemoryWritten', {
      memoryId,
      type: 'USER',
      tier: 'SEMANTIC',
      key: `user.${keySecret}`,
      content: `Lena keeps her bike at ${secret}`,
      tags: [metaSecret],
      importance: 0.5,
      pinned: false,
      source: 'user_stated',
      confidence: 1,
      scope: null,
      metadata: { note: metaSecret },
      sourceMessageIds: [said.payload.messageId],
      episodeId: null,
      validFrom: null,
      validTo: null,
    });
    const episode = make('acme', 'lena', 'EpisodeCreated', {
      episodeId: randomUUID(),
      sessionKey: 's-1',
      summary: `Lena talked about ${secret} station`,
      messageRangeStart: said.payload.messageId,
      messageRangeEnd: said.payload.messageId,
      entityIds: [metaSecret],
      importance: 0.5,
      sourceMessageIds: [said.payload.messageId],
      startedAt: null,
      endedAt: null,
    });
    const fact = make('acme', 'lena', 'FactExtracted', {
      memoryId: randomUUID(),
      kind: 'fact',
      type: 'USER',
      key: `user.${keySecret}`,
      content: `Lena's bike is at ${secret}`,
      tags: [],
      importance: 0.5,
      confidence: 0.8,
      source: 'consolidated',
      subject: 'lena',
      predicate: 'keeps bike at',
      object: secret,
      timeHint: null,
      sourceMessageIds: [said.payload.messageId],
      episodeId: episode.payload.episodeId,
      extractor: 'rules@1',
      validFrom: null,
      validTo: null,
    });
    const skill = make('acme', 'lena', 'SkillRecorded', {
      skillId: randomUUID(),
      name: 'lock the bike',
      whenToUse: `at ${secret}`,
      steps: [`walk to ${secret}`],
      success: true,
      sourceMessageIds: [said.payload.messageId],
    });
    await s.append([said, written, episode, fact, skill]);
    await s.app.writeMemory({ scope: scope('max'), type: 'USER', content: `Max's cabin is in ${other}` });
    await s.caughtUp();
    // The greps find what is there: before the erasure the secret is in the dump and the files.
    expect(fullDump(s.postgres!.url)).toContain(needleOf(secret));

    const forgot = await s.app.forget({ scope: scope('lena'), target: 'user', reason: null });
    const report = await s.report(forgot.erasureId);
    expect(report).toMatchObject({ status: 'completed', error: null });
    expect(report.removed).toMatchObject({ messages: 1, episodes: 1, memories: 2, skills: 1 });
    expect(report.removed.tablesRewritten).toBeGreaterThan(10);
    await s.stop();

    const dump = fullDump(s.postgres!.url);
    for (const needle of [secret, metaSecret, keySecret].map(needleOf)) {
      expect(dump.includes(needle), `pg_dump holds ${needle}`).toBe(false);
      expect(await serverFilesContaining(paths.base, needle), `database files hold ${needle}`).toEqual([]);
      expect(await serverFilesContaining(paths.wal, needle), `WAL holds ${needle}`).toEqual([]);
      expect(await filesContaining(s.dir, needle), `data dir holds ${needle}`).toEqual([]);
    }
    // The other user is intact, in the dump and in the database's files.
    expect(dump).toContain(needleOf(other));
    expect((await serverFilesContaining(paths.base, needleOf(other))).length).toBeGreaterThan(0);
  }, 240_000);
});
