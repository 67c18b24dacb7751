/**
 * Issue 17 items 2–4 as an agent developer meets them: a real all-in-one process, real HTTP, the
 * rules engine (no LLM). A user says who they are and where they live in one session; months later,
 * in passing, that they moved. Then the agent asks by the user's name, in the present tense, and
 * asks for a context — in English and in Chinese.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngramProcess, type EngramProcess } from './support/engram-process';
import { consolidated, headOf } from './support/settled';

const HISTORY = /^## (?:Relevant history|Conversation so far)/m;
const aboveHistory = (context: string) => {
  const m = HISTORY.exec(context);
  return m ? context.slice(0, m.index) : context;
};

describe('what the agent gets back is current (issue 17 items 2–4, over HTTP)', () => {
  let dataDir: string;
  let engram: EngramProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-e2e-currency-'));
    engram = await startEngramProcess({
      env: { ENGRAM_DATA_DIR: dataDir, ENGRAM_EMBEDDER: 'hash', ENGRAM_CONSOLIDATION_IDLE_SECONDS: '3600' },
    });
  });
  afterAll(async () => {
    await engram?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One session of user turns at a date, ended and consolidated. */
  async function session(userId: string, sessionId: string, day: string, turns: string[]): Promise<void> {
    for (const [i, content] of turns.entries()) {
      const r = await engram.request('POST', `/v1/sessions/${sessionId}/messages`, {
        userId,
        role: 'user',
        content,
        messageId: `${sessionId}-m${i + 1}`,
        at: `${day}T10:0${i}:00.000Z`,
      });
      expect(r.status).toBe(202);
    }
    const end = await engram.request('POST', `/v1/sessions/${sessionId}/end`, { userId });
    expect(end.status).toBe(202);
    await consolidated(dataDir, end.body.eventId);
  }

  const query = async (userId: string, q: string, minPosition: string) => {
    const r = await engram.request('POST', '/v1/query', { userId, query: q, k: 10, minPosition });
    expect(r.status).toBe(200);
    return r.body.results as Array<{ id: string; kind: string; content: string; metadata: Record<string, any> }>;
  };

  for (const c of [
    {
      lang: 'en',
      user: 'maria',
      first: [
        'Hi, my name is Maria Santos.',
        'I live in Lisbon, in a flat near the river.',
        'I have a dog named Rufus.',
      ],
      later: ['Could you suggest some walking trails? I recently moved to Montreal for a new job.'],
      byName: 'Where does Maria live now?',
      present: 'Where does the user live?',
      old: 'Lisbon',
      current: 'Montreal',
      unrelated: 'Rufus',
    },
    {
      lang: 'zh',
      user: 'wangfang',
      first: ['你好，我叫王芳。', '我住在杭州，离西湖不远。', '我养了一只猫叫咪咪。'],
      later: ['能推荐几个周末去的地方吗？我上个月搬到成都了。'],
      byName: '王芳现在住在哪里？',
      present: '用户住在哪里？',
      old: '杭州',
      current: '成都',
      unrelated: '咪咪',
    },
  ] as const)
    it(`${c.lang}: the name is the user, the current value ranks first, older statements of the old value rank below it, the context marks what was replaced`, async () => {
      await session(c.user, `${c.user}-s1`, '2026-01-10', [...c.first]);
      await session(c.user, `${c.user}-s2`, '2026-06-02', [...c.later]);
      const head = await headOf(engram, c.user);

      for (const q of [c.byName, c.present]) {
        const hits = await query(c.user, q, head);
        // Item 3 (by name) and item 4 (present tense): the fact that holds now is first.
        expect(hits[0]?.kind, `${q}: ${JSON.stringify(hits.slice(0, 3))}`).toBe('memory');
        expect(hits[0]!.content, q).toContain(c.current);
        // Item 2: every hit that states only the old value — the superseded fact, the first session's
        // message and episode — ranks below the current fact and is marked with what holds now.
        const stale = hits.filter((h) => h.content.includes(c.old) && !h.content.includes(c.current));
        expect(stale.map((h) => h.kind).sort(), q).toEqual(expect.arrayContaining(['episode', 'memory', 'message']));
        for (const h of stale) {
          expect(hits.indexOf(h), q).toBeGreaterThan(0);
          if (h.kind !== 'memory') expect(h.metadata.outdated?.current, `${q}: ${h.content}`).toContain(c.current);
        }
      }

      // Item 2: the profile and known facts state the current value; the old one only on a superseded line.
      const ctx = await engram.request('POST', '/v1/context', { userId: c.user, query: c.byName, minPosition: head });
      expect(ctx.status).toBe(200);
      const text = String(ctx.body.context);
      const top = aboveHistory(text);
      expect(top, text).toContain(c.current);
      expect(top, text).toContain(c.unrelated);
      const profile = top.slice(0, top.indexOf('## Known facts'));
      expect(profile, text).not.toContain(c.old);
      const oldLines = top.split('\n').filter((l) => l.includes(c.old));
      for (const l of oldLines) expect(l, text).toMatch(/superseded \d{4}-\d\d-\d\d/);
      // A history line that quotes the old value says it is outdated.
      for (const l of text.slice(top.length).split('\n'))
        if (l.startsWith('- ') && l.includes(c.old) && !l.includes(c.current)) expect(l, text).toContain('outdated');
    }, 240_000);
});
