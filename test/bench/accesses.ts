/**
 * R8 log growth from reads: MemoryAccessed events (and their bytes) appended per 1,000 queries of one
 * user, for each access flush interval, with queries arriving at an agent's pace. Real pipeline in
 * process (app → file log → projectors + search index); time is simulated, so the flush timer is
 * driven by the bench (`flushAccesses()` whenever a flush interval of simulated time has passed).
 *
 *   npm run bench -- accesses [--queries 1000] [--every-ms 2000] [--flush-ms 250,60000]
 */
import { createMemoryApp } from '@engram/app';
import { createHashEmbedder } from '@engram/embedder-use';
import { openEmbeddedEngram } from './recall/embedded-engram';

function args(argv: string[]) {
  const get = (name: string, dflt: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1]! : dflt;
  };
  return {
    queries: Number(get('queries', '1000')),
    everyMs: Number(get('every-ms', '2000')),
    flushMs: get('flush-ms', '250,60000').split(',').map(Number),
  };
}

const FACTS = [
  'I live in Lisbon',
  'I work at Acme as a designer',
  'My sister is called Ana',
  'I have a dog named Rex',
  'I am vegetarian',
  'My favourite band is Radiohead',
  'I drive a Honda Civic',
  'I go to the gym three times a week',
];
const QUESTIONS = [
  'where does the user live?',
  "what is the user's job?",
  'who is Ana?',
  'what is the dog called?',
  'what does the user eat?',
  'favourite band?',
  'what car?',
  'how often gym?',
];

export default async function accesses(argv: string[]): Promise<void> {
  const a = args(argv);
  console.log(`MemoryAccessed per ${a.queries} queries of one user, one query every ${a.everyMs} ms (simulated)`);
  console.log('flush ms   events   events/1000 q   bytes appended   memories reinforced (sum of counts)');
  for (const flushMs of a.flushMs) {
    const engram = await openEmbeddedEngram({
      embedder: createHashEmbedder({ dimensions: 64 }),
      config: { rerankEnabled: false },
    });
    let now = Date.parse('2026-01-01T09:00:00Z');
    const clock = { now: () => new Date(now) };
    const app = createMemoryApp({
      log: engram.log,
      db: engram.db,
      retriever: engram.retriever,
      progress: engram.progress,
      clock,
      logger: { info() {}, warn() {}, error() {}, debug() {} },
      trusted: true,
      config: { maxContentBytes: 32 * 1024, minPositionWaitMs: 10_000, accessFlushMs: 3_600_000 },
    });
    const scope = { tenantId: 'bench', userId: 'reader', agentId: null };
    let position = '';
    for (const content of FACTS) position = (await app.writeMemory({ scope, type: 'USER', content })).position!;
    await engram.settle();
    const headBefore = await engram.log.head();
    let lastFlush = now;
    for (let q = 0; q < a.queries; q++) {
      await app.query({
        scope,
        query: QUESTIONS[q % QUESTIONS.length]!,
        k: 5,
        ...(q === 0 ? { minPosition: position } : {}),
      });
      now += a.everyMs;
      if (now - lastFlush >= flushMs) {
        await app.flushAccesses();
        lastFlush = now;
      }
    }
    await app.flushAccesses();
    let events = 0;
    let bytes = 0;
    let reinforced = 0;
    for await (const s of engram.log.read({ from: { partition: 0, offset: headBefore.get(0) ?? 0 } })) {
      if (s.event.type !== 'MemoryAccessed') continue;
      events++;
      bytes += Buffer.byteLength(JSON.stringify(s.event));
      reinforced += s.event.payload.counts.reduce((x, y) => x + y, 0);
    }
    console.log(
      `${String(flushMs).padStart(8)}   ${String(events).padStart(6)}   ${((events * 1000) / a.queries).toFixed(1).padStart(13)}   ${String(bytes).padStart(14)}   ${reinforced}`,
    );
    await app.close();
    await engram.close();
  }
}
