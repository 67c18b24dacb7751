/**
 * The inspector (/ui/) in a real browser: playwright-core driving Debian's chromium against a real
 * Engram process (auth required) with seeded data: keyed versions, a session the consolidator turned
 * into an episode and facts, a pending contradiction, an erasure. The page gets its key typed in,
 * searches with the score breakdown, opens a memory's history and decay curve, a session's timeline,
 * resolves the contradiction and shows projection lag. ENGRAM_INSPECTOR_SCREENSHOTS=docs writes the
 * screenshots to docs/img (the README shows them); otherwise they go to a temp dir.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { describeWithServers, waitFor } from '@engram/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEngramProcess, type EngramProcess } from './support/engram-process';
import { consolidated } from './support/settled';
import { ensureInspectorBuilt } from '../../packages/inspector/test/ensure-built';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN_KEY = 'inspector-e2e-bootstrap-admin-key-5d1f9a7c3e';
const USER = 'maya';
// What the page shows appears after its calls return: wait for it (a loaded machine is slow), never for a fixed time.
const poll = <T>(probe: () => T | Promise<T>) => expect.poll(probe, { timeout: 20_000, interval: 100 });

describeWithServers(['chromium'], 'the inspector in a real browser (playwright-core + chromium)', (urls) => {
  let dataDir = '';
  let shots = '';
  let engram: EngramProcess;
  let browser: Browser;
  let page: Page;
  let seedKey = '';
  let operatorKey = '';
  let readKey = '';
  const ids: Record<string, string> = {};

  const as = (key: string) => ({ authorization: `Bearer ${key}` });
  const call = async (method: string, path: string, body?: unknown, key = seedKey) => {
    const r = await engram.request(method, path, body, as(key));
    if (r.status >= 300) throw new Error(`${method} ${path} answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const newKey = async (scopes: string[], name: string): Promise<string> =>
    (await call('POST', '/v1/admin/keys', { tenantId: 'acme', scopes, name }, ADMIN_KEY)).key as string;
  const shot = async (name: string) => {
    await page.screenshot({ path: join(shots, `inspector-${name}.png`), fullPage: true });
  };
  const useKey = async (key: string) => {
    await page.getByTestId('api-key').fill(key);
    await page.getByTestId('save-key').click();
  };

  beforeAll(async () => {
    if (!urls.chromium) return; // missing and required: each test fails (describeWithServers)
    // The assets are built by npm ci; rebuilt here only when a source changed since (as the launcher does).
    ensureInspectorBuilt();
    shots =
      process.env.ENGRAM_INSPECTOR_SCREENSHOTS === 'docs'
        ? join(ROOT, 'docs/img')
        : mkdtempSync(join(tmpdir(), 'engram-inspector-shots-'));
    mkdirSync(shots, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'engram-inspector-'));
    engram = await startEngramProcess({
      env: {
        ENGRAM_DATA_DIR: dataDir,
        ENGRAM_EMBEDDER: 'hash',
        ENGRAM_AUTH: 'required',
        ENGRAM_ADMIN_KEY: ADMIN_KEY,
        ENGRAM_CONSOLIDATION_IDLE_SECONDS: '3600',
      },
    });
    seedKey = await newKey(['read', 'write', 'write:user_stated', 'erase', 'admin'], 'seeder');
    operatorKey = await newKey(['read', 'write', 'write:user_stated', 'erase', 'admin'], 'inspector operator');
    readKey = await newKey(['read'], 'inspector read-only');

    // What the user stated: where they live (a consolidated fact will contradict it), and a key's two versions.
    ids.home = (
      await call('POST', '/v1/memories', {
        userId: USER,
        type: 'USER',
        key: 'user.residence',
        content: 'Maya lives in Lisbon',
        source: 'user_stated',
      })
    ).id;
    await call('POST', '/v1/memories', {
      userId: USER,
      type: 'ENVIRONMENT',
      key: 'project.deadline',
      content: 'The Atlas launch deadline is March 3',
      importance: 0.8,
    });
    ids.deadline = (
      await call('POST', '/v1/memories', {
        userId: USER,
        type: 'ENVIRONMENT',
        key: 'project.deadline',
        content: 'The Atlas launch deadline moved to March 10',
        importance: 0.8,
      })
    ).id;
    await call('POST', '/v1/memories', {
      userId: USER,
      type: 'ENVIRONMENT',
      content: 'The team standup is at 9:30 in room Kepler',
      tags: ['team'],
    });
    // More than one page of the list (20 a page).
    await call('POST', '/v1/memories/batch', {
      userId: USER,
      items: Array.from({ length: 20 }, (_, i) => ({ type: 'ENVIRONMENT', content: `Reading list item ${i + 1}` })),
    });
    const forget = await call('POST', '/v1/memories', {
      userId: USER,
      type: 'ENVIRONMENT',
      content: 'A draft note to be erased',
    });
    for (const [i, content] of [
      'I just moved to Porto for a new job.',
      'My sister Inês lives nearby and we cook together on Sundays.',
    ].entries())
      await call('POST', '/v1/sessions/porto-move/messages', {
        userId: USER,
        role: 'user',
        content,
        messageId: `m${i + 1}`,
      });
    const ended = await call('POST', '/v1/sessions/porto-move/end', { userId: USER });
    await consolidated(dataDir, ended.eventId);
    const erased = await call('DELETE', `/v1/memories/${forget.id}?userId=${USER}&minPosition=${forget.position}`);
    await waitFor(
      'the erasure to complete',
      async () =>
        (await call('GET', `/v1/erasures/${erased.erasureId}?minPosition=${erased.position}`)).status === 'completed',
      60_000,
    );
    const open = await waitFor(
      'the consolidated residence to contradict what Maya stated',
      async () => (await call('GET', `/v1/contradictions?userId=${USER}`)).contradictions[0],
      30_000,
    );
    ids.contradiction = open.id;

    browser = await chromium.launch({ executablePath: urls.chromium, args: ['--no-sandbox'] });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await engram?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (shots && process.env.ENGRAM_INSPECTOR_SCREENSHOTS !== 'docs') rmSync(shots, { recursive: true, force: true });
  });

  it('serves a page with no data in it: without a key the API calls it makes answer 401, and it says so', async () => {
    const res = await page.goto(`${engram.url}/ui/`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("default-src 'self'");
    await poll(() => page.getByTestId('error').first().textContent()).toContain('UNAUTHENTICATED');
    const html = await res!.text();
    expect(html).not.toContain(USER);
  });

  it('with a read-only key: searches work, the operator views say the key lacks the scope', async () => {
    await useKey(readKey);
    await page.goto(`${engram.url}/ui/#/users/${USER}`);
    await poll(() => page.getByTestId('error').first().textContent()).toContain('FORBIDDEN');
    await page.getByTestId('search-input').fill('standup room');
    await page.getByRole('button', { name: 'Search' }).click();
    await poll(() => page.getByTestId('search-hit').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('search-hit').first().textContent()).toContain('Kepler');
  });

  it('per user: tier counts, the memory list with filters and pages, a search with each hit’s score breakdown that records no access', async () => {
    await useKey(operatorKey);
    await page.goto(`${engram.url}/ui/#/`);
    await page.getByTestId('users').getByRole('link', { name: USER }).click();
    await poll(() => page.getByTestId('tier-counts').textContent()).toMatch(/SEMANTIC\s*\d+/);
    const stats = await call('GET', `/v1/admin/stats?userId=${USER}`);
    expect(await page.getByTestId('tier-counts').textContent()).toContain(`SEMANTIC ${stats.tiers.SEMANTIC}`);

    // Newest first, 20 a page: the first writes are on page 2.
    await poll(() => page.getByTestId('memory-row').count()).toBe(20);
    expect(await page.getByTestId('memory-list').textContent()).not.toContain('Maya lives in Lisbon');
    await page.getByTestId('next-page').click();
    await poll(async () => (await page.getByTestId('memory-list').textContent()) ?? '').toContain(
      'Maya lives in Lisbon',
    );
    await page.getByRole('button', { name: '← previous' }).click();
    await poll(() => page.getByTestId('memory-row').count()).toBe(20);

    await page.getByTestId('filter-tier').selectOption('ARCHIVAL');
    await poll(async () => (await page.getByTestId('memory-list').textContent()) ?? '').toContain(
      'The Atlas launch deadline is March 3',
    );
    expect(await page.getByTestId('memory-list').textContent()).not.toContain('moved to March 10');
    await page.getByTestId('filter-tier').selectOption('');

    await page.getByTestId('search-input').fill('when is the Atlas launch deadline');
    await page.getByRole('button', { name: 'Search' }).click();
    const hit = page.getByTestId('search-hit').filter({ hasText: 'moved to March 10' });
    await poll(() => hit.count()).toBe(1);
    const api = await call('POST', '/v1/query', {
      userId: USER,
      query: 'when is the Atlas launch deadline',
      k: 10,
      explain: true,
      reinforce: false,
    });
    const mine = api.results.find((r: { id: string }) => r.id === ids.deadline);
    expect(await hit.getByTestId('hit-score').textContent()).toBe(mine.score.toFixed(4));
    expect(await hit.getByTestId('hit-fusion').textContent()).toContain(mine.explain.fusion.method);
    expect(await hit.getByTestId('hit-keyword').textContent()).toContain(`#${mine.explain.keyword.rank}`);
    expect(await hit.getByTestId('hit-forgetting').textContent()).toContain(
      `×${mine.explain.forgetting.weight.toFixed(3)}`,
    );
    await shot('search');
    // reinforce: false — the page's searches were not recorded as the agent recalling the memory.
    expect((await call('GET', `/v1/memories/${ids.deadline}?userId=${USER}`)).accessCount).toBe(0);
  });

  it('a memory’s page: the history lattice (which version superseded which, by which event) and its decay curve', async () => {
    // From the search hit to the memory's page.
    await page
      .getByTestId('search-results')
      .getByRole('link', { name: 'The Atlas launch deadline moved to March 10' })
      .click();
    await poll(() => page.getByTestId('memory-content').textContent()).toContain('moved to March 10');
    await poll(() => page.getByTestId('lattice-entry').count()).toBe(2);
    const lattice = (await page.getByTestId('history-lattice').textContent()) ?? '';
    expect(lattice).toContain('superseded');
    expect(lattice).toContain('superseded by');
    expect(lattice).toContain('key "project.deadline" updated');
    const history = await call('GET', `/v1/keys/project.deadline/history?userId=${USER}`);
    const superseded = history.history.find((h: { action: string }) => h.action === 'superseded');
    expect(lattice).toContain(`event ${superseded.eventId.slice(0, 8)}`);
    await poll(() => page.getByTestId('decay-chart').locator('canvas').count()).toBe(1);
    const curve = await call('GET', `/v1/memories/${ids.deadline}/decay?userId=${USER}`);
    const facts = (await page.getByTestId('decay-facts').textContent()) ?? '';
    expect(facts).toContain(`half-life ${curve.halfLifeDays.toFixed(1)} d`);
    expect(facts).toContain(`archive below ${curve.archiveThreshold}`);
    await shot('memory');
  });

  it('the session timeline: messages, the episode and the facts extracted from them', async () => {
    await page.goto(`${engram.url}/ui/#/users/${USER}/sessions/porto-move`);
    await poll(() => page.getByTestId('timeline-messages').locator('li').count()).toBe(2);
    const t = await call('GET', `/v1/sessions/porto-move/timeline?userId=${USER}`);
    expect(t.episodes).toHaveLength(1);
    expect(await page.getByTestId('timeline-episode').textContent()).toContain(t.episodes[0].summary);
    const facts = (await page.getByTestId('timeline-memories').textContent()) ?? '';
    expect(t.memories.length).toBeGreaterThan(0);
    for (const m of t.memories) {
      expect(facts).toContain(m.content);
      // Lineage: each extracted entry names the messages it came from.
      for (const id of m.sourceMessageIds) expect(facts).toContain(id);
    }
    await shot('session');
  });

  it('pending contradictions: resolving one from the page settles it in the service', async () => {
    await page.goto(`${engram.url}/ui/#/users/${USER}`);
    const card = page.getByTestId('contradiction');
    await poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain('Maya lives in Lisbon');
    expect(await card.textContent()).toContain('Porto');
    await card.scrollIntoViewIfNeeded();
    await shot('contradictions');
    await card.getByTestId('resolve-b').click();
    const outcome = page.getByTestId('resolved').or(page.getByTestId('error'));
    await poll(() => outcome.first().textContent()).toContain('b_wins');
    await poll(() => page.getByTestId('no-contradictions').count()).toBe(1);
    const all = await call('GET', `/v1/contradictions?userId=${USER}&status=all`);
    expect(all.contradictions.find((c: { id: string }) => c.id === ids.contradiction)).toMatchObject({
      resolution: 'b_wins',
    });
  });

  it('operations: projection lag per projector, dead letters and erasure reports', async () => {
    await page.goto(`${engram.url}/ui/#/ops`);
    await poll(() => page.getByTestId('projection-lag').locator('tbody tr').count()).toBeGreaterThan(3);
    const stats = await call('GET', '/v1/admin/stats');
    const lag = (await page.getByTestId('projection-lag').textContent()) ?? '';
    for (const p of stats.projections) expect(lag).toContain(p.projection);
    expect(await page.getByTestId('readiness').textContent()).toContain('ready');
    await poll(() => page.getByTestId('dead-letters-empty').count()).toBe(1);
    await poll(() => page.getByTestId('erasures').textContent()).toContain('completed');
    expect(await page.getByTestId('erasures').textContent()).toContain('memory');
    await shot('operations');
  });
});
