/**
 * Knowledge-update benchmark: for every scenario a user states facts in one session and, months
 * later, changes one of them; then the agent asks. Everything runs through the real embedded
 * pipeline in process: the memory app's write path (validation, scanner) → file event log →
 * projectors + search indexes → consolidator (rules engine, no LLM) → `query` and `context`.
 *
 *   npm run bench -- updates [--set dev,dev2,dev3,dev4,dev5,dev6,dev7,heldout,heldout2,heldout3,heldout4,heldout5,heldout6,heldout7,heldout8,heldout9|all] [--embedder use|hash] [--verbose] [--show-heldout] [--variants] [--out FILE]
 *
 * Held-out scenarios are reported as rates only unless --show-heldout is given (they are not
 * looked at while developing the rules).
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { Embedder, QueryHit } from '@engram/core';
import { createMemoryApp, type MemoryApp } from '@engram/app';
import { createHashEmbedder, createUseEmbedder } from '@engram/embedder-use';
import { openEmbeddedEngram } from './recall/embedded-engram';
import { DEV_SCENARIOS } from './updates/dev-scenarios';
import { DEV2_SCENARIOS } from './updates/dev2-scenarios';
import { DEV3_SCENARIOS } from './updates/dev3-scenarios';
import { DEV4_SCENARIOS } from './updates/dev4-scenarios';
import { DEV5_SCENARIOS } from './updates/dev5-scenarios';
import { DEV6_SCENARIOS } from './updates/dev6-scenarios';
import { DEV7_SCENARIOS } from './updates/dev7-scenarios';
import { evaluate, rates, RATE_NAMES, type MemoryRow, type ScenarioOutcome } from './updates/evaluate';
import { HELDOUT_SCENARIOS } from './updates/heldout-scenarios';
import { HELDOUT2_SCENARIOS } from './updates/heldout2-scenarios';
import { HELDOUT3_SCENARIOS } from './updates/heldout3-scenarios';
import { HELDOUT4_SCENARIOS } from './updates/heldout4-scenarios';
import { HELDOUT5_SCENARIOS } from './updates/heldout5-scenarios';
import { HELDOUT6_SCENARIOS } from './updates/heldout6-scenarios';
import { HELDOUT7_SCENARIOS } from './updates/heldout7-scenarios';
import { HELDOUT8_SCENARIOS } from './updates/heldout8-scenarios';
import { HELDOUT9_SCENARIOS } from './updates/heldout9-scenarios';
import type { UpdateScenario } from './updates/scenario';

const TENANT = 'bench-updates';
/** First session, the change, the questions; asOf falls between the two sessions. */
export const TIMES = {
  before: '2025-01-15T10:00:00.000Z',
  after: '2025-06-15T10:00:00.000Z',
  ask: '2025-07-01T09:00:00.000Z',
  asOf: '2025-03-01T00:00:00.000Z',
};

type SetName =
  | 'dev'
  | 'dev2'
  | 'dev3'
  | 'dev4'
  | 'dev5'
  | 'dev6'
  | 'dev7'
  | 'heldout'
  | 'heldout2'
  | 'heldout3'
  | 'heldout4'
  | 'heldout5'
  | 'heldout6'
  | 'heldout7'
  | 'heldout8'
  | 'heldout9';
const SETS: Record<SetName, UpdateScenario[]> = {
  dev: DEV_SCENARIOS,
  dev2: DEV2_SCENARIOS,
  dev3: DEV3_SCENARIOS,
  dev4: DEV4_SCENARIOS,
  dev5: DEV5_SCENARIOS,
  dev6: DEV6_SCENARIOS,
  dev7: DEV7_SCENARIOS,
  heldout: HELDOUT_SCENARIOS,
  heldout2: HELDOUT2_SCENARIOS,
  heldout3: HELDOUT3_SCENARIOS,
  heldout4: HELDOUT4_SCENARIOS,
  heldout5: HELDOUT5_SCENARIOS,
  heldout6: HELDOUT6_SCENARIOS,
  heldout7: HELDOUT7_SCENARIOS,
  heldout8: HELDOUT8_SCENARIOS,
  heldout9: HELDOUT9_SCENARIOS,
};
const USAGE =
  'usage: npm run bench -- updates [--set dev,dev2,dev3,dev4,dev5,dev6,dev7,heldout,heldout2,heldout3,heldout4,heldout5,heldout6,heldout7,heldout8,heldout9|all] [--embedder use|hash] [--verbose] [--show-heldout] [--variants] [--out FILE]';

interface Args {
  sets: SetName[];
  embedder: 'use' | 'hash';
  verbose: boolean;
  showHeldout: boolean;
  out?: string;
  /** Also answer on the same ingest with the latest-statement order off. */
  variants: boolean;
}

function parseArgs(argv: string[]): Args {
  const a: Args = {
    sets: [
      'dev',
      'dev2',
      'dev3',
      'dev4',
      'dev5',
      'dev6',
      'dev7',
      'heldout',
      'heldout2',
      'heldout3',
      'heldout4',
      'heldout5',
      'heldout6',
      'heldout7',
      'heldout8',
      'heldout9',
    ],
    embedder: 'use',
    verbose: false,
    showHeldout: false,
    variants: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const f = argv[i]!;
    if (f === '--verbose') a.verbose = true;
    else if (f === '--show-heldout') a.showHeldout = true;
    else if (f === '--variants') a.variants = true;
    else if (f === '--set') {
      const v = argv[++i] ?? '';
      a.sets =
        v === 'all'
          ? [
              'dev',
              'dev2',
              'dev3',
              'dev4',
              'dev5',
              'dev6',
              'dev7',
              'heldout',
              'heldout2',
              'heldout3',
              'heldout4',
              'heldout5',
              'heldout6',
              'heldout7',
              'heldout8',
              'heldout9',
            ]
          : (v.split(',') as SetName[]);
      if (a.sets.length === 0 || a.sets.some((x) => !(x in SETS)))
        throw new Error(
          `--set takes dev, dev2, dev3, dev4, dev5, dev6, dev7, heldout, heldout2, heldout3, heldout4, heldout5, heldout6, heldout7, heldout8, heldout9 (comma-separated) or all\n${USAGE}`,
        );
    } else if (f === '--embedder') a.embedder = argv[++i] as Args['embedder'];
    else if (f === '--out') a.out = argv[++i]!;
    else throw new Error(`unknown argument ${f}\n${USAGE}`);
  }
  if (a.embedder !== 'use' && a.embedder !== 'hash') throw new Error('--embedder must be use or hash');
  return a;
}

const scopeOf = (sc: UpdateScenario) => ({ tenantId: TENANT, userId: sc.id, agentId: null });

/** Turns of a session, one minute apart; "assistant: …" marks an assistant turn. */
async function say(
  app: MemoryApp,
  sc: UpdateScenario,
  sessionId: string,
  turns: string[],
  start: string,
): Promise<void> {
  const t0 = Date.parse(start);
  for (const [i, turn] of turns.entries()) {
    const assistant = /^assistant:\s*/i.exec(turn);
    await app.observeMessage({
      scope: scopeOf(sc),
      sessionId,
      role: assistant ? 'assistant' : 'user',
      content: assistant ? turn.slice(assistant[0].length) : turn,
      at: new Date(t0 + i * 60_000).toISOString(),
    });
  }
  await app.endSession({ scope: scopeOf(sc), sessionId });
}

async function memoryRows(
  db: { query: (sql: string, p: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> },
  sc: UpdateScenario,
): Promise<MemoryRow[]> {
  const r = await db.query('SELECT content, tier, superseded_by FROM memories WHERE tenant_id = $1 AND user_id = $2', [
    TENANT,
    sc.id,
  ]);
  return r.rows.map((x) => ({
    content: String(x.content),
    tier: String(x.tier),
    supersededBy: x.superseded_by == null ? null : String(x.superseded_by),
  }));
}

function table(title: string, groups: Array<[string, ScenarioOutcome[]]>): string {
  const head = ['', 'n', ...RATE_NAMES]
    .map((h, i) => (i === 0 ? h.padEnd(14) : h.padStart(Math.max(5, h.length))))
    .join('  ');
  const lines = groups.map(([name, os]) => {
    const r = rates(os);
    return [
      name.padEnd(14),
      String(r.n).padStart(5),
      ...RATE_NAMES.map((m) => (Number.isFinite(r[m]) ? r[m].toFixed(3) : '-').padStart(m.length)),
    ].join('  ');
  });
  return [`${title}`, head, '-'.repeat(head.length), ...lines].join('\n');
}

export default async function updates(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const scenarios = args.sets.flatMap((n) => SETS[n]);
  const setOf = new Map(args.sets.flatMap((n) => SETS[n].map((x) => [x.id, n] as const)));
  const heldout = new Set(
    [
      ...HELDOUT_SCENARIOS,
      ...HELDOUT2_SCENARIOS,
      ...HELDOUT3_SCENARIOS,
      ...HELDOUT4_SCENARIOS,
      ...HELDOUT5_SCENARIOS,
      ...HELDOUT6_SCENARIOS,
      ...HELDOUT7_SCENARIOS,
      ...HELDOUT8_SCENARIOS,
      ...HELDOUT9_SCENARIOS,
    ].map((x) => x.id),
  );
  const embedder: Embedder = args.embedder === 'use' ? createUseEmbedder() : createHashEmbedder({ dimensions: 256 });
  const engram = await openEmbeddedEngram({ embedder, consolidate: true, config: { rerankEnabled: false } });
  const silent = { info() {}, warn() {}, error() {}, debug() {} };
  const appDeps = {
    log: engram.log,
    db: engram.db,
    retriever: engram.retriever,
    progress: engram.progress,
    clock: engram.clock,
    logger: silent,
    trusted: true,
    config: { maxContentBytes: 32 * 1024, minPositionWaitMs: 10_000, accessFlushMs: 60_000 },
  };
  const app = createMemoryApp(appDeps);
  const t0 = performance.now();
  try {
    engram.setNow(new Date(TIMES.before));
    for (const sc of scenarios) await say(app, sc, `${sc.id}-1`, sc.before, TIMES.before);
    await engram.settle();
    const before = new Map<string, MemoryRow[]>();
    for (const sc of scenarios) before.set(sc.id, await memoryRows(engram.db, sc));
    engram.setNow(new Date(TIMES.after));
    for (const sc of scenarios) await say(app, sc, `${sc.id}-2`, sc.after, TIMES.after);
    await engram.settle();
    engram.setNow(new Date(TIMES.ask));

    const answer = async (a: MemoryApp, dump: boolean): Promise<ScenarioOutcome[]> => {
      const outcomes: ScenarioOutcome[] = [];
      for (const sc of scenarios) {
        const scope = scopeOf(sc);
        const hits: QueryHit[] = await a.query({ scope, query: sc.query, k: 10 });
        const { context } = await a.context({ scope, query: sc.query });
        const asOfHits = await a.query({ scope, query: sc.query, k: 10, asOf: TIMES.asOf });
        outcomes.push(
          evaluate(sc, {
            hits,
            context,
            rows: await memoryRows(engram.db, sc),
            rowsBefore: before.get(sc.id) ?? [],
            asOfHits,
          }),
        );
        if (dump && process.env.UPDATES_DUMP === sc.id)
          console.log(
            JSON.stringify(
              {
                hits: hits.map((h) => [h.kind, h.content, h.score, h.supersededBy]),
                context,
                rows: await memoryRows(engram.db, sc),
              },
              null,
              1,
            ),
          );
      }
      return outcomes;
    };
    const outcomes = await answer(app, true);
    // --variants: the same ingest answered with the latest-statement order off (one run, side by side).
    const variantOutcomes: Array<[string, ScenarioOutcome[]]> = [];
    if (args.variants) {
      const off = createMemoryApp({
        ...appDeps,
        retriever: engram.retrieverWith({ rerankEnabled: false }, { intent: { latestStatementBand: 0 } }),
      });
      try {
        variantOutcomes.push(['latest-statement order off (band 0)', await answer(off, false)]);
      } finally {
        await off.close();
      }
    }
    const seconds = (performance.now() - t0) / 1000;

    const groupsOf = (all: ScenarioOutcome[]) => {
      const pick = (set: SetName, lang?: 'en' | 'zh') =>
        all.filter((o) => setOf.get(o.id) === set && (!lang || o.lang === lang));
      const groups: Array<[string, ScenarioOutcome[]]> = [];
      for (const set of [
        'dev',
        'dev2',
        'dev3',
        'dev4',
        'dev5',
        'dev6',
        'dev7',
        'heldout',
        'heldout2',
        'heldout3',
        'heldout4',
        'heldout5',
        'heldout6',
        'heldout7',
        'heldout8',
        'heldout9',
      ] as const) {
        if (pick(set).length === 0) continue;
        groups.push([`${set} en`, pick(set, 'en')], [`${set} zh`, pick(set, 'zh')], [`${set} all`, pick(set)]);
      }
      return groups;
    };
    const groups = groupsOf(outcomes);
    console.log(
      table(
        `knowledge updates (${scenarios.length} scenarios, embedder ${embedder.modelId}, ${seconds.toFixed(1)} s)`,
        groups,
      ),
    );
    for (const [name, os] of variantOutcomes) console.log(`\n${table(`variant: ${name}`, groupsOf(os))}`);
    const kinds = [...new Set(outcomes.filter((o) => !heldout.has(o.id)).map((o) => o.kind))].sort();
    if (kinds.length)
      console.log(
        `\n${table(
          'dev sets, by kind of fact',
          kinds.map((k) => [k, outcomes.filter((o) => !heldout.has(o.id) && o.kind === k)]),
        )}`,
      );
    if (args.verbose) {
      for (const o of outcomes) {
        if (heldout.has(o.id) && !args.showHeldout) continue;
        if (o.notes.length) console.log(`${o.id} (${o.kind}): ${o.notes.join(' | ')}`);
      }
    }
    if (args.out) {
      const shown = outcomes.filter((o) => !heldout.has(o.id) || args.showHeldout);
      writeFileSync(
        args.out,
        JSON.stringify(
          {
            machine: { cpus: cpus().length, memGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
            embedder: embedder.modelId,
            seconds,
            rates: Object.fromEntries(groups.map(([n, os]) => [n, rates(os)])),
            variants: Object.fromEntries(
              variantOutcomes.map(([v, os]) => [v, Object.fromEntries(groupsOf(os).map(([n, g]) => [n, rates(g)]))]),
            ),
            outcomes: shown,
          },
          null,
          2,
        ),
      );
    }
  } finally {
    await app.close();
    await engram.close();
  }
}
