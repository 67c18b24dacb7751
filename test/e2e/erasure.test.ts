/**
 * Issue 15 acceptance as a privacy officer checks it: the all-in-one process (sealed file log,
 * PGlite, local index snapshots, the consolidator and the erasure coordinator), a distinctive secret
 * in a memory and in session messages, facts and an episode consolidated from them; the user is
 * erased, the report completes, the service stops, and no byte under the data dir holds the secret.
 * `engram export` of the user holds none of it either, and the other user is intact. Before that, a
 * third user's consolidated fact is forgotten on its own: the episode it was consolidated with goes
 * (lineage), the user's other memories stay queryable.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pollUntil } from '@engram/core';
import { engramCli } from './support/engram-cli';
import { startEngramProcess, type EngramProcess } from './support/engram-process';

/** Files under dir holding needle, compared case-insensitively (index terms are folded). */
async function filesContaining(dir: string, needle: string): Promise<string[]> {
  const lower = needle.toLowerCase();
  const hits: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    if ((await readFile(path)).toString('latin1').toLowerCase().includes(lower)) hits.push(path);
  }
  return hits;
}

/** A place name no text holds by chance (letters only, so it is one token; the first 10 letters survive any stemmer). */
function placeName(): string {
  let w = 'Q';
  for (let i = 0; i < 12; i++) w += String.fromCharCode(97 + randomInt(26));
  return w;
}

describe('erasing a user from the all-in-one process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-erase-e2e-'));
  const env = { ENGRAM_DATA_DIR: dataDir, ENGRAM_EMBEDDER: 'hash', ENGRAM_CONSOLIDATION_IDLE_SECONDS: '3600' };
  let engram: EngramProcess | undefined;
  afterAll(async () => {
    await engram?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves no byte of the secret under the data dir, none in the export, and the other user intact', async () => {
    const secret = placeName();
    const needle = secret.slice(0, 10);
    const other = placeName();
    engram = await startEngramProcess({ env, readyTimeoutMs: 240_000 });

    const mem = await engram.request('POST', '/v1/memories', {
      userId: 'erin',
      type: 'USER',
      key: 'user.hideout',
      content: `Erin's hideout is in ${secret}`,
    });
    expect(mem.status).toBe(202);
    const said = [
      'Hi, my name is Erin Maddox.',
      `I live in ${secret} these days.`,
      `My favourite bakery is in ${secret} too.`,
    ];
    for (const [i, content] of said.entries()) {
      const r = await engram.request('POST', '/v1/sessions/sess-e1/messages', {
        userId: 'erin',
        role: 'user',
        content,
        messageId: `e${i + 1}`,
      });
      expect(r.status).toBe(202);
    }
    expect((await engram.request('POST', '/v1/sessions/sess-e1/end', { userId: 'erin' })).status).toBe(202);
    const kept = await engram.request('POST', '/v1/memories', {
      userId: 'frank',
      type: 'USER',
      content: `Frank's cabin is in ${other}`,
    });
    expect(kept.status).toBe(202);
    // Gus: one consolidated fact of his is forgotten on its own (lineage: the episode it was consolidated with goes).
    const gusPlace = placeName();
    for (const [i, content] of ['Hi, my name is Gus Hale.', `I live in ${gusPlace} these days.`].entries()) {
      const r = await engram.request('POST', '/v1/sessions/sess-g1/messages', {
        userId: 'gus',
        role: 'user',
        content,
        messageId: `g${i + 1}`,
      });
      expect(r.status).toBe(202);
    }
    expect((await engram.request('POST', '/v1/sessions/sess-g1/end', { userId: 'gus' })).status).toBe(202);
    const gusChess = await engram.request('POST', '/v1/memories', {
      userId: 'gus',
      type: 'USER',
      content: 'Gus plays chess on Sundays',
    });
    expect(gusChess.status).toBe(202);

    // The consolidator derives facts and an episode from the session (condition wait, long bound).
    let derived: { facts: any[]; episodes: any[] } = { facts: [], episodes: [] };
    const consolidated = await pollUntil(
      async () => {
        const facts = await engram!.request('POST', '/v1/query', {
          userId: 'erin',
          query: `where does Erin live ${secret}`,
          k: 20,
          tiers: ['SEMANTIC'],
          reinforce: false,
        });
        const episodes = await engram!.request('POST', '/v1/query', {
          userId: 'erin',
          query: `Erin ${secret} bakery`,
          k: 20,
          tiers: ['EPISODIC'],
          reinforce: false,
        });
        derived = {
          facts: facts.body.results.filter(
            (r: any) => r.source === 'consolidated' && String(r.content).includes(secret),
          ),
          episodes: episodes.body.results.filter((r: any) => r.kind === 'episode'),
        };
        return derived.facts.length > 0 && derived.episodes.length > 0;
      },
      { backoff: { initialMs: 100, maxMs: 1000 }, timeoutMs: 180_000 },
    );
    expect(consolidated, JSON.stringify(derived)).toBe(true);

    let gus: { fact: any; episodes: any[] } = { fact: null, episodes: [] };
    const gusConsolidated = await pollUntil(
      async () => {
        const facts = await engram!.request('POST', '/v1/query', {
          userId: 'gus',
          query: `where does Gus live ${gusPlace}`,
          k: 20,
          tiers: ['SEMANTIC'],
          reinforce: false,
        });
        const episodes = await engram!.request('POST', '/v1/query', {
          userId: 'gus',
          query: `Gus ${gusPlace}`,
          k: 20,
          tiers: ['EPISODIC'],
          reinforce: false,
        });
        gus = {
          fact: facts.body.results.find(
            (r: any) => r.source === 'consolidated' && String(r.content).includes(gusPlace),
          ),
          episodes: episodes.body.results.filter((r: any) => r.kind === 'episode'),
        };
        return !!gus.fact && gus.episodes.length > 0;
      },
      { backoff: { initialMs: 100, maxMs: 1000 }, timeoutMs: 180_000 },
    );
    expect(gusConsolidated, JSON.stringify(gus)).toBe(true);
    const forgotFact = await engram.request('DELETE', `/v1/memories/${gus.fact.id}?userId=gus`);
    expect(forgotFact.status).toBe(202);
    let factReport: any = null;
    expect(
      await pollUntil(
        async () => {
          factReport = (await engram!.request('GET', `/v1/erasures/${forgotFact.body.erasureId}`)).body;
          return factReport?.status === 'completed' || factReport?.status === 'failed';
        },
        { backoff: { initialMs: 100, maxMs: 1000 }, timeoutMs: 180_000 },
      ),
      JSON.stringify(factReport),
    ).toBe(true);
    expect(factReport).toMatchObject({ status: 'completed', subject: { userId: 'gus', target: 'memory' } });
    expect(factReport.removed.episodes).toBeGreaterThanOrEqual(1);
    const gusAfter = await engram.request('POST', '/v1/query', {
      userId: 'gus',
      query: `Gus ${gusPlace} chess Sundays`,
      k: 20,
      reinforce: false,
    });
    const gusIds = gusAfter.body.results.map((r: any) => r.id);
    expect(gusIds).not.toContain(gus.fact.id);
    for (const ep of gus.episodes) expect(gusIds).not.toContain(ep.id);
    expect(gusIds).toContain(gusChess.body.id);
    expect((await engram.request('GET', `/v1/memories/${gus.fact.id}?userId=gus`)).status).toBe(404);

    const forgot = await engram.request('DELETE', '/v1/users/erin/memories?reason=user%20asked');
    expect(forgot.status).toBe(202);
    const { erasureId } = forgot.body;
    let report: any = null;
    const done = await pollUntil(
      async () => {
        report = (await engram!.request('GET', `/v1/erasures/${erasureId}`)).body;
        return report?.status === 'completed' || report?.status === 'failed';
      },
      { backoff: { initialMs: 100, maxMs: 1000 }, timeoutMs: 180_000 },
    );
    expect(done, JSON.stringify(report)).toBe(true);
    expect(report).toMatchObject({ status: 'completed', subject: { userId: 'erin', target: 'user' }, error: null });
    expect(report.removed.messages).toBe(3);
    expect(report.removed.memories).toBeGreaterThanOrEqual(2);
    expect(report.removed.episodes).toBeGreaterThanOrEqual(1);
    expect(report.removed.keys).toBeGreaterThanOrEqual(2);
    expect(report.removed.textIndex).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(report).toLowerCase()).not.toContain(needle.toLowerCase());

    const erinNow = await engram.request('POST', '/v1/query', {
      userId: 'erin',
      query: `Erin ${secret} hideout bakery`,
      k: 20,
    });
    expect(erinNow.body.results).toEqual([]);
    const frankNow = await engram.request('POST', '/v1/query', {
      userId: 'frank',
      query: `Frank cabin ${other}`,
      k: 5,
    });
    expect(frankNow.body.results.map((r: any) => r.id)).toContain(kept.body.id);

    await engram.kill('SIGTERM');
    engram = undefined;
    expect(await filesContaining(dataDir, needle)).toEqual([]);
    // The grep finds what is there: the other user's text is in the read store and the index snapshots.
    expect(await filesContaining(dataDir, other.slice(0, 10))).not.toEqual([]);

    const exported = await engramCli(['export', '--user', 'erin'], env);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.split('\n').filter(Boolean).length).toBeGreaterThan(5);
    expect(exported.stdout.toLowerCase()).not.toContain(needle.toLowerCase());
    const frankExport = await engramCli(['export', '--user', 'frank'], env);
    expect(frankExport.stdout).toContain(other);
  }, 900_000);
});
