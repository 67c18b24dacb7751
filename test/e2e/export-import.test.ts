/**
 * B7 portability as a user does it: a user's memory written to one Engram, exported with
 * `engram export`, imported into a fresh data dir with `engram import`, gives the same answers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engramCli } from './support/engram-cli';
import { startEngramProcess, type EngramProcess } from './support/engram-process';
import { consolidated, headOf } from './support/settled';

describe('export a user and import it into a fresh Engram', () => {
  const root = mkdtempSync(join(tmpdir(), 'engram-portable-'));
  const envA = { ENGRAM_DATA_DIR: join(root, 'a'), ENGRAM_EMBEDDER: 'hash' };
  const envB = { ENGRAM_DATA_DIR: join(root, 'b'), ENGRAM_EMBEDDER: 'hash' };
  let engram: EngramProcess | undefined;
  afterAll(async () => {
    await engram?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  const queries = ['where does Ivy live', 'what does Ivy do for work', 'Ivy coffee preference'];
  const ask = async (p: EngramProcess, minPosition?: string) => {
    const out: string[][] = [];
    for (const query of queries) {
      const r = await p.request('POST', '/v1/query', {
        userId: 'ivy',
        query,
        k: 5,
        ...(minPosition ? { minPosition } : {}),
      });
      expect(r.status).toBe(200);
      out.push(r.body.results.map((h: { id: string; content: string }) => `${h.id} ${h.content}`));
    }
    return out;
  };

  it('answers the same queries with the same results', async () => {
    engram = await startEngramProcess({ env: envA });
    for (const [i, content] of [
      'I live in Porto.',
      'I work as a marine biologist.',
      'I take my coffee black, no sugar.',
    ].entries()) {
      expect(
        (
          await engram.request('POST', '/v1/sessions/ivy-1/messages', {
            userId: 'ivy',
            role: 'user',
            content,
            messageId: `i${i}`,
          })
        ).status,
      ).toBe(202);
    }
    await engram.request('POST', '/v1/memories', {
      userId: 'ivy',
      type: 'USER',
      key: 'user.pet',
      content: 'Ivy has a tortoise named Gus',
    });
    await engram.request('POST', '/v1/memories', {
      userId: 'someone-else',
      type: 'USER',
      content: 'This belongs to another user and must not travel',
    });
    const end = await engram.request('POST', '/v1/sessions/ivy-1/end', { userId: 'ivy' });
    expect(end.status).toBe(202);
    // Everything the consolidator derives from the session is in the log and the read side.
    await consolidated(envA.ENGRAM_DATA_DIR, end.body.eventId);
    const before = await ask(engram, await headOf(engram, 'e2e-marker'));
    const facts = await engram.request('POST', '/v1/query', {
      userId: 'ivy',
      query: 'Porto marine biologist coffee',
      k: 20,
      tiers: ['SEMANTIC'],
    });
    const consolidatedFacts = facts.body.results
      .filter((h: { source: string }) => h.source === 'consolidated')
      .map((h: { content: string }) => h.content);
    expect(consolidatedFacts).toEqual(
      expect.arrayContaining(['User lives in Porto', 'User works as a marine biologist']),
    );
    expect(before.flat().join('\n')).toContain('Porto');
    await engram.kill('SIGTERM');
    engram = undefined;

    const exported = await engramCli(['export', '--user', 'ivy'], envA);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).not.toContain('another user');
    const file = join(root, 'ivy.jsonl');
    writeFileSync(file, exported.stdout);
    const imported = await engramCli(['import', file], envB);
    expect(imported.code, imported.stderr).toBe(0);

    engram = await startEngramProcess({ env: envB });
    const head = exported.stdout.trim().split('\n').length - 1;
    const after = await ask(engram, `0:${head}`);
    expect(after).toEqual(before);
    const other = await engram.request('POST', '/v1/query', {
      userId: 'someone-else',
      query: 'belongs another user',
      k: 5,
    });
    expect(other.body.results).toEqual([]);
  }, 240_000);
});
