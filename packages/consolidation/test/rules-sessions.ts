import { createRulesEngine, mergeSessionFacts } from '../src/extraction/rules/rules-engine';
import type { CandidateFact, ExistingFact } from '../src/extraction/types';

/** Test sessions for the rules engine: user turns ("assistant: …" turns are left out), facts out. */
const engine = createRulesEngine();

export async function session(turns: string[], at: string, existing: ExistingFact[] = []): Promise<CandidateFact[]> {
  const r = await engine.extract({
    sessionId: 's',
    messages: turns
      .filter((t) => !/^assistant:/i.test(t))
      .map((content, i) => ({ messageId: `m${i}`, role: 'user' as const, content, at })),
    existingFacts: existing,
  });
  return r.facts;
}

/** Facts of an earlier session as the consolidator passes them to the next one. */
export const stored = (facts: CandidateFact[]): ExistingFact[] =>
  facts.map((f, i) => ({
    id: `e${i}`,
    key: f.key,
    content: f.content,
    source: 'consolidated' as const,
    object: f.object,
  }));

/** The facts of `after`, said months after `before` (whose facts are stored). */
export async function change(
  before: string[],
  after: string[],
): Promise<{ first: CandidateFact[]; later: CandidateFact[] }> {
  const first = mergeSessionFacts(await session(before, '2025-01-15T10:00:00.000Z'));
  return { first, later: mergeSessionFacts(await session(after, '2025-06-15T10:00:00.000Z', stored(first))) };
}

export const facts = (fs: CandidateFact[]) => fs.map((f) => [f.key, f.object, f.positive]);
