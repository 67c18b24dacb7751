import { foldChinese } from '@engram/core';
import type { QueryHit } from '@engram/core';
import type { UpdateScenario } from './scenario';

const CJK = /[\u3400-\u9FFF\uF900-\uFAFF]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a text states a value: Chinese by substring (Traditional and Simplified alike), other
 * values as a whole word or phrase, case-sensitive when the value has capitals ("Go" is not "go").
 */
export function mentions(text: string, value: string): boolean {
  const t = foldChinese(text.normalize('NFKC'));
  const v = foldChinese(value.normalize('NFKC'));
  if (CJK.test(v)) return t.includes(v);
  const flags = /\p{Lu}/u.test(v) ? 'u' : 'iu';
  return new RegExp(`(?<![\\p{Script=Latin}\\p{N}])${escape(v)}(?![\\p{Script=Latin}\\p{N}])`, flags).test(t);
}

/** A fact line that says the value is no longer true (not a claim that it holds). */
const NEGATED =
  /\b(?:no longer|not|never|isn't|doesn't|stopped|quit|left|used to|formerly|previously)\b|不再|不是|不住|不在|以前|曾经|曾經|已离开|已離開/iu;

export interface MemoryRow {
  content: string;
  tier: string;
  supersededBy: string | null;
}

export interface ScenarioOutcome {
  id: string;
  lang: 'en' | 'zh';
  kind: string;
  /** The top hit states the current value (and is not a superseded entry). */
  currentFirst: boolean;
  /** No active entry still claims the old value. */
  oldArchived: boolean;
  /** An active entry states the current value after the change (the change was extracted and kept). */
  currentStored: boolean;
  /** No hit claiming only the old value ranks above the first hit with the current value. */
  oldRankedBelow: boolean;
  oldDemoted: boolean;
  /** The unrelated fact was extracted in the first session. */
  unrelatedExtracted: boolean;
  /** ... and is still active after the change. */
  unrelatedKept: boolean;
  /** Context: the current value above the history section and no unmarked old value there. */
  contextClean: boolean;
  /** asOf between the sessions: the top hit states the old value (null when not measured). */
  asOfOld: boolean | null;
  notes: string[];
}

const HISTORY_HEADING = /^## (?:Relevant history|Conversation so far)/m;

/** The part of a rendered context above the history and conversation sections. */
export function contextAboveHistory(context: string): string {
  const m = HISTORY_HEADING.exec(context);
  return m ? context.slice(0, m.index) : context;
}

/** Lines above the history that state the old value without saying it is superseded or past. */
export function unmarkedOldLines(context: string, sc: Pick<UpdateScenario, 'old' | 'current'>): string[] {
  return contextAboveHistory(context)
    .split('\n')
    .filter(
      (l) =>
        l.startsWith('- ') &&
        mentions(l, sc.old) &&
        !mentions(l, sc.current) &&
        !/superseded/i.test(l) &&
        !NEGATED.test(l),
    );
}

const claimsOnlyOld = (h: QueryHit, sc: UpdateScenario) =>
  mentions(h.content, sc.old) && !mentions(h.content, sc.current) && !NEGATED.test(h.content);

export function evaluate(
  sc: UpdateScenario,
  got: { hits: QueryHit[]; context: string; rows: MemoryRow[]; rowsBefore: MemoryRow[]; asOfHits: QueryHit[] | null },
): ScenarioOutcome {
  const notes: string[] = [];
  const top = got.hits[0];
  const currentFirst = !!top && mentions(top.content, sc.current) && top.supersededBy === null;
  if (!currentFirst) notes.push(`top: ${top ? JSON.stringify(top.content.slice(0, 120)) : 'none'}`);
  const active = (r: MemoryRow) => r.tier === 'SEMANTIC' && r.supersededBy === null;
  const stale = got.rows.filter(
    (r) => active(r) && mentions(r.content, sc.old) && !mentions(r.content, sc.current) && !NEGATED.test(r.content),
  );
  const oldArchived = stale.length === 0;
  const currentStored = got.rows.some((r) => active(r) && mentions(r.content, sc.current));
  if (!oldArchived) notes.push(`old still active: ${stale.map((r) => JSON.stringify(r.content)).join(', ')}`);
  const firstCurrent = got.hits.findIndex((h) => mentions(h.content, sc.current) && h.supersededBy === null);
  const firstOld = got.hits.findIndex((h) => claimsOnlyOld(h, sc) && h.supersededBy === null);
  const oldRankedBelow = firstOld === -1 || (firstCurrent !== -1 && firstCurrent < firstOld);
  if (!oldRankedBelow) notes.push(`old ranked ${firstOld + 1}, current ${firstCurrent + 1}`);
  const unrelatedExtracted = got.rowsBefore.some((r) => active(r) && mentions(r.content, sc.unrelated));
  const unrelatedKept = unrelatedExtracted && got.rows.some((r) => active(r) && mentions(r.content, sc.unrelated));
  if (!unrelatedExtracted) notes.push(`unrelated "${sc.unrelated}" not extracted`);
  else if (!unrelatedKept) notes.push(`unrelated "${sc.unrelated}" invalidated`);
  const above = contextAboveHistory(got.context);
  const unmarked = unmarkedOldLines(got.context, sc);
  const contextClean = unmarked.length === 0 && mentions(above, sc.current);
  if (!contextClean)
    notes.push(
      unmarked.length
        ? `context: unmarked ${JSON.stringify(unmarked)}`
        : 'context: current value missing above history',
    );
  let asOfOld: boolean | null = null;
  if (got.asOfHits) {
    const t = got.asOfHits[0];
    asOfOld = !!t && mentions(t.content, sc.old) && !NEGATED.test(t.content);
    if (!asOfOld) notes.push(`asOf top: ${t ? JSON.stringify(t.content.slice(0, 120)) : 'none'}`);
  }
  return {
    id: sc.id,
    lang: sc.lang,
    kind: sc.kind,
    currentFirst,
    oldArchived,
    currentStored,
    oldRankedBelow,
    oldDemoted: oldArchived && oldRankedBelow,
    unrelatedExtracted,
    unrelatedKept,
    contextClean,
    asOfOld,
    notes,
  };
}

export const RATE_NAMES = [
  'current-first',
  'old-demoted',
  'old-archived',
  'old-below',
  'unrelated-kept',
  'context-clean',
  'asOf-old-first',
  'current-stored',
  'stored-old-kept',
  'unrelated-extracted',
] as const;

/**
 * Share of outcomes meeting each criterion (asOf over the measured ones). The last three tell the
 * failures apart as aggregates (held-out sets are read no other way): whether the change was stored
 * at all, stored while the old value stayed active (the update not matched to the fact it replaces),
 * and whether the unrelated fact was extracted in the first place (so a lost one was superseded).
 */
export function rates(
  outcomes: readonly ScenarioOutcome[],
): Record<(typeof RATE_NAMES)[number], number> & { n: number } {
  const share = (f: (o: ScenarioOutcome) => boolean | null) => {
    const measured = outcomes.filter((o) => f(o) !== null);
    return measured.length === 0 ? NaN : measured.filter((o) => f(o) === true).length / measured.length;
  };
  return {
    n: outcomes.length,
    'current-first': share((o) => o.currentFirst),
    'old-demoted': share((o) => o.oldDemoted),
    'old-archived': share((o) => o.oldArchived),
    'old-below': share((o) => o.oldRankedBelow),
    'unrelated-kept': share((o) => o.unrelatedKept),
    'context-clean': share((o) => o.contextClean),
    'asOf-old-first': share((o) => o.asOfOld),
    'current-stored': share((o) => o.currentStored),
    'stored-old-kept': share((o) => o.currentStored && !o.oldArchived),
    'unrelated-extracted': share((o) => o.unrelatedExtracted),
  };
}
