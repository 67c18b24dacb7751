/** One knowledge-update scenario: a user states facts, later one of them changes. */
export interface UpdateScenario {
  id: string;
  /** Language of the turns ("zh" covers Simplified and Traditional). */
  lang: 'en' | 'zh';
  /** The kind of fact that changes (residence, employer, …), for the per-kind table. */
  kind: string;
  /** First session: the old value and an unrelated fact, as user turns (or `assistant: …`). */
  before: string[];
  /** A later session: the change, possibly in passing. */
  after: string[];
  /** The question an agent asks afterwards. */
  query: string;
  /** Text of the value that is true now (must rank first). */
  current: string;
  /** Text of the value that was true before (must be archived or ranked below the current one). */
  old: string;
  /** Text of a fact from the first session that the change must not invalidate. */
  unrelated: string;
}

/** A scenario written as one line: the fields of UpdateScenario in order. */
export const scenario = (
  id: string,
  lang: 'en' | 'zh',
  kind: string,
  before: string[],
  after: string[],
  query: string,
  current: string,
  old: string,
  unrelated: string,
): UpdateScenario => ({ id, lang, kind, before, after, query, current, old, unrelated });
