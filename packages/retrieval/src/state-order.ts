import {
  contentSearchTerms,
  factTerms,
  foldChinese,
  HAN_FUNCTION,
  isStopWord,
  isTopicTerm,
  memoryDocText,
  searchTerms,
  sharesTerm,
  slotFamiliesOfWord,
  slotWords,
} from '@engram/core';
import type { Candidate } from './candidates';
import type { QueryIntent } from './query-intent';

/**
 * Item 4 of issue 17: a question about how things are now ("where does the user live?", "what car
 * does Maria drive now?", "用户现在在哪工作？") wants the latest statement on its topic, not the one
 * with the most words in common. The question is about the present when it says so (the freshness
 * words of query-intent.ts) or when it asks in the present tense — English by its auxiliary or
 * verb, Chinese by being a question with no word for the past or for a point in time.
 */
const PRESENT_EN =
  /\b(?:does|do|is|am)\b|\b(?:what|where|who|which|how)'s\b|\b(?:what|where|who|which|how)\s+(?:(?:\w+\s+){0,3})(?:lives?|works?|drives?|uses?|owns?|plays?|studies|eats?|drinks?)\b/;
// The past, the future, and the present perfect ("where has she camped?": what happened so far).
const NOT_PRESENT_EN = /\b(?:did|was|were|had|used to|would|will|going to|gonna)\b/;
const PERFECT_EN = /\b(?:has|have)\b/;
const HAVE_AS_VERB_EN = /\b(?:does|do)\b[\w\s'-]*\bhave\b/;
/**
 * A question after several values at once — a plural thing asked for ("what books …", "which
 * events …"), "what are …", "what kinds of …" — wants them all, not the latest one.
 */
const AGGREGATE_EN =
  /\b(?:what|which)\s+(?:\w+\s+)?(?!(?:does|is|was|has|this|its|his|class|business|status|address|bus|gas|glass|boss)\b)[a-z]{3,}s\b|\bwhat\s+are\b|\bkinds?\s+of\b|\btypes?\s+of\b|\bsome\b/;
const QUESTION_ZH = /[?？]|吗|呢|哪|什么|谁|几|多少|怎么|怎样|是否|有没有|是不是/u;
const QUESTION_EN = /\?\s*$|^\s*(?:what|where|who|which|how|does|do|is|are|am|has|have)\b/;

export function isStateQuestion(query: string, intent: QueryIntent): boolean {
  if (intent.past) return false;
  if (intent.freshness) return true;
  if (intent.temporal) return false;
  const q = query.normalize('NFKC').toLowerCase().replace(/[’‘]/g, "'");
  if (/[\u3400-\u9fff]/u.test(q)) return QUESTION_ZH.test(q);
  const perfect = PERFECT_EN.test(q) && !HAVE_AS_VERB_EN.test(q);
  return QUESTION_EN.test(q) && PRESENT_EN.test(q) && !NOT_PRESENT_EN.test(q) && !perfect && !AGGREGATE_EN.test(q);
}

/**
 * The question's topic as search terms: its content words (not the user's names, not "user") and
 * the paraphrase class of every slot those words name ("live" → home, city, moved, 住在 …), so a
 * message that says the change in other words ("I moved to Denver") is on the topic.
 */
export function topicTerms(query: string, nameTerms: ReadonlySet<string>): Set<string> {
  const keep = (t: string) => isTopicTerm(t, nameTerms);
  const out = new Set(contentSearchTerms(query).filter(keep));
  for (const w of slotProbes(query))
    for (const family of slotFamiliesOfWord(w))
      for (const t of contentSearchTerms(slotWords(`user.${family}`))) if (keep(t)) out.add(t);
  return out;
}

const HAN = /[\u3400-\u9fff]/u;
const HAN_RUN = /[\u3400-\u9fff]+/gu;
/**
 * The pieces of a question to look up in the slot paraphrase classes: its words, and for Chinese
 * (no spaces) every two- and three-character piece that is not a function word ("用户做什么运动" →
 * 运动, 什么运 …; the lookup matches a piece inside a class phrase such as 什么运动).
 */
function slotProbes(query: string): string[] {
  const q = foldChinese(query.normalize('NFKC').toLowerCase()).replace(/用户|使用者/gu, ' ');
  const out = q.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0 && !HAN.test(w) && !isStopWord(w));
  for (const run of q.match(HAN_RUN) ?? [])
    for (let n = 2; n <= 3; n++)
      for (let i = 0; i + n <= run.length; i++) {
        const piece = run.slice(i, i + n);
        if (!HAN_FUNCTION.test(piece) && !isStopWord(piece)) out.push(piece);
      }
  return out;
}

/** A document on the topic: one of its search terms (a memory's with its key and slot words) is a topic term. */
function onTopic(c: Candidate, topic: ReadonlySet<string>): boolean {
  const text = c.kind === 'memory' ? memoryDocText(c.content, c.key, c.tags) : c.content;
  for (const t of searchTerms(text)) if (topic.has(t)) return true;
  return false;
}

/** When a document's statement was made: a fact's valid time or record time, a message's or episode's time. */
const statedAt = (c: Candidate): number => Date.parse(c.kind === 'memory' ? (c.validFrom ?? c.at) : c.at);

/**
 * Whether a document may be lifted as the latest statement: the user's own words (a user turn, an
 * episode of their session) or a fact that holds. An assistant's turn or a superseded fact can be
 * passed by a newer statement but is never lifted.
 */
const liftable = (c: Candidate): boolean =>
  c.kind === 'memory' ? c.supersededBy === null : c.kind === 'episode' || c.metadata.role !== 'assistant';

/**
 * For a state question, a statement on the question's topic made on a later occasion (at least
 * `gapMs` later) ranks above an earlier one on that topic, provided its own score is at least
 * `band` × the earlier one's: within a comparable match, the latest statement first. Raw messages
 * and episodes are lifted so only when the question says it asks about now (`statements`: "now",
 * "these days", 现在 …); otherwise only facts that hold are. And a fact on the topic that holds
 * (keyed, not superseded) is passed by the latest later statement of the user's that shares its
 * words — its value, its key or slot words — whatever their scores: when the extractor missed a
 * change, the user's own later words are the best evidence of what holds now ("I ported my number
 * over to T-Mobile" after "User's mobile carrier is Verizon"). Statements of one occasion keep
 * their order; documents off the topic are not touched; scores only rise. Mutates `ranked` scores
 * and returns the ids it lifted.
 */
export function latestStatementFirst<T extends { item: Candidate; score: number }>(
  ranked: T[],
  topic: ReadonlySet<string>,
  opts: { band: number; gapMs: number; statements: boolean; nameTerms?: ReadonlySet<string> },
): Set<string> {
  const lifted = new Set<string>();
  if (opts.band <= 0 || topic.size === 0) return lifted;
  const docs = ranked
    .filter((r) => r.score > 0 && Number.isFinite(statedAt(r.item)))
    .map((r) => ({ r, own: r.score, at: statedAt(r.item), on: onTopic(r.item, topic) }))
    .sort((a, b) => a.at - b.at || b.own - a.own);
  // Each fact that holds on the topic (or that competes for the top): the latest later statement
  // sharing its words passes it.
  const top = Math.max(0, ...docs.map((d) => d.own));
  const passes = new Map<(typeof docs)[number], Array<(typeof docs)[number]>>();
  for (const f of docs) {
    const c = f.r.item;
    if (!(f.on || f.own >= opts.band * top) || c.kind !== 'memory' || c.key === null || c.supersededBy !== null)
      continue;
    const terms = factTerms(c, opts.nameTerms);
    let latest: (typeof docs)[number] | null = null;
    for (const d of docs)
      if (
        d.r.item.kind !== 'memory' &&
        liftable(d.r.item) &&
        d.at - f.at >= opts.gapMs &&
        (!latest || d.at > latest.at) &&
        sharesTerm(d.r.item.content, terms)
      )
        latest = d;
    if (latest) passes.set(latest, [...(passes.get(latest) ?? []), f]);
  }
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!;
    if (!liftable(d.r.item)) continue;
    let floor = -Infinity;
    if (d.on && (opts.statements || d.r.item.kind === 'memory'))
      for (let j = 0; j < i; j++) {
        const o = docs[j]!;
        if (!o.on || d.at - o.at < opts.gapMs || d.own < opts.band * o.own) continue;
        floor = Math.max(floor, o.r.score);
      }
    for (const f of passes.get(d) ?? []) floor = Math.max(floor, f.r.score);
    // Above the earlier statement, and in the order of its own score among the ones lifted with it.
    if (floor >= d.r.score) {
      d.r.score = floor * (1 + 1e-3) + d.own * 1e-3;
      lifted.add(d.r.item.id);
    }
  }
  return lifted;
}
