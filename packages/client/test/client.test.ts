import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHttpStack, type HttpStack } from '../../api-http/test/http-server';
import { GENERATED_FILE, generatedTypes } from './generate-types';
import { EngramApiError, EngramClient } from '../src/index';

describe('@engram/client', () => {
  let s: HttpStack;
  beforeAll(async () => {
    s = await openHttpStack();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('its generated types are those of the current OpenAPI document (else: npm run generate -w @engram/client)', async () => {
    expect(await readFile(GENERATED_FILE, 'utf8')).toBe(await generatedTypes());
  });

  it('remembers, observes, recalls, lists, updates, reads history and status, and forgets over real HTTP', async () => {
    const c = new EngramClient({ baseUrl: s.base });
    const w = await c.remember({ userId: 'alice', type: 'USER', key: 'user.editor', content: 'Alice edits in Helix' });
    const hits = await c.recall({ userId: 'alice', query: 'which editor', minPosition: w.position! });
    expect(hits.map((h) => h.id)).toContain(w.id);
    const m = await c.observe('s-1', { userId: 'alice', role: 'user', content: 'I switched to Helix last week' });
    expect(m.eventId).toEqual(expect.any(String));
    expect((await c.status(w.eventId!, { userId: 'alice' })).status).toMatch(/applied|pending/);
    const page = await c.list('alice', { limit: 10, minPosition: w.position! } as never);
    expect(page.memories.map((x) => x.id)).toContain(w.id);
    const all: string[] = [];
    for await (const x of c.listAll('alice', { limit: 1 })) all.push(x.id);
    expect(all).toContain(w.id);
    const patched = await c.update(w.id, { userId: 'alice', content: 'Alice edits in Helix and Zed' });
    expect(patched.previousId).toBe(w.id);
    const history = await c.history(w.id, { userId: 'alice' });
    expect(history[0]).toMatchObject({ memoryId: w.id, action: 'created' });
    expect((await c.context({ userId: 'alice', query: 'editor' })).context).toEqual(expect.any(String));
    expect((await c.endSession('s-1', { userId: 'alice' })).eventId).toEqual(expect.any(String));
    expect((await c.forget(patched.id, { userId: 'alice', minPosition: patched.position! })).erasureId).toEqual(
      expect.any(String),
    );
    const bad = await c.remember({ userId: 'alice', type: 'USER', content: '' } as never).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(EngramApiError);
    expect(bad).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('retries a call the service refused before applying it (429 with Retry-After), not a write whose answer was lost', async () => {
    let calls = 0;
    const flaky: typeof fetch = async (input, init) => {
      calls++;
      if (calls === 1)
        return new Response(
          JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'slow down', retriable: true } }),
          { status: 429, headers: { 'retry-after': '0' } },
        );
      return fetch(input, init);
    };
    const c = new EngramClient({ baseUrl: s.base, fetch: flaky, retryDelayMs: 1 });
    await c.remember({ userId: 'bob', type: 'USER', content: 'Bob keeps bees' });
    expect(calls).toBe(2);
    let sent = 0;
    const lost: typeof fetch = async (input, init) => {
      sent++;
      await fetch(input, init);
      throw new TypeError('socket hang up');
    };
    await expect(
      new EngramClient({ baseUrl: s.base, fetch: lost, retryDelayMs: 1 }).remember({
        userId: 'bob',
        type: 'USER',
        content: 'Bob sails',
      }),
    ).rejects.toThrow('socket hang up');
    expect(sent).toBe(1);
    sent = 0;
    await expect(
      new EngramClient({ baseUrl: s.base, fetch: lost, retryDelayMs: 1 }).observe('s-2', {
        userId: 'bob',
        role: 'user',
        content: 'hi',
      }),
    ).rejects.toThrow('socket hang up');
    expect(sent).toBe(3);
  });

  it('builds to JavaScript with type declarations (the published package)', async () => {
    const out = await mkdtemp(join(tmpdir(), 'engram-client-build-'));
    try {
      const dir = fileURLToPath(new URL('..', import.meta.url));
      execFileSync(
        process.execPath,
        [join(dir, '../../node_modules/typescript/bin/tsc'), '-p', join(dir, 'tsconfig.build.json'), '--outDir', out],
        { stdio: 'pipe' },
      );
      const js = await readFile(join(out, 'index.js'), 'utf8');
      expect(js).toContain('class EngramClient');
      expect(await readFile(join(out, 'index.d.ts'), 'utf8')).toContain('recall(body: QueryBody): Promise<QueryHit[]>');
      const mod = (await import(join(out, 'index.js'))) as { EngramClient: unknown };
      expect(typeof mod.EngramClient).toBe('function');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
