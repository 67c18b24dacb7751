import {
  contentSearchTerms,
  foldChinese,
  HAN_FUNCTION,
  isStopWord,
  isTopicTerm,
  memoryDocText,
  searchTerms,
  slotFamiliesOfWord,
  slotWords,
} from '@engram/core';
import type { Candidate } from './candidates';
import { factSlot, statesOtherValue, type FactSlot } from './competing-value';
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

/**
 * A document's search terms (a memory's with its key and slot words), kept per document: a hydrated
 * document is frozen and reused by the next searches while its row is unchanged (candidates.ts), so
 * its text is analysed once, not again for every state question it comes back for.
 */
const docTerms = new WeakMap<Candidate, ReadonlySet<string>>();
function termsOf(c: Candidate): ReadonlySet<string> {
  const hit = docTerms.get(c);
  if (hit) return hit;
  const terms = new Set(searchTerms(c.kind === 'memory' ? memoryDocText(c.content, c.key, c.tags) : c.content));
  if (Object.isFrozen(c)) docTerms.set(c, terms);
  return terms;
}

/** A document on the topic: one of its search terms is a topic term. */
function onTopic(c: Candidate, topic: ReadonlySet<string>): boolean {
  const terms = termsOf(c);
  for (const t of topic) if (terms.has(t)) return true;
  return false;
}

/** When a document's statement was made: a fact's valid time or record time, a message's or episode's time. */
const statedAt = (c: Candidate): number => Date.parse(c.kind === 'memory' ? (c.validFrom ?? c.at) : c.at);

/** The user's own words: a user turn or an episode of their session (an assistant's turn is never lifted). */
const usersWords = (c: Candidate): boolean =>
  c.kind === 'episode' || (c.kind === 'message' && c.metadata.role !== 'assistant');

/**
 * For a state question, reorder only where there is evidence of a competing value for the same key
 * (item 4 of issue 17: "current facts outrank older episodes and messages that state another value
 * for the same key"); everything else keeps its score. Two cases, both among documents on the
 * question's topic (or, for a fact, competing for the top):
 *
 * - a fact that holds (keyed, with a value) ranks above an earlier document whose score it reaches
 *   within `band` when that document states another value for its key (competing-value.ts), or when
 *   the key has a superseded history (`changed`: the ids of facts that replaced a value) — then the
 *   earlier statements on the topic are what changed;
 * - such a fact is passed by the latest later statement of the user's (at least `gapMs` later) that
 *   states another value for its key, whatever their scores: when the extractor missed a change the
 *   user's own later words are the best evidence of what holds now ("I ported my number over to
 *   T-Mobile" after "User's mobile carrier is Verizon").
 *
 * A later message that merely shares a word with a fact, or a fact without a key, moves nothing
 * (that lifting cost LoCoMo recall, docs/benchmarks.md issue 17 round 7). Scores only rise.
 * Mutates `ranked` scores and returns the ids it lifted.
 */
export function latestStatementFirst<T extends { item: Candidate; score: number }>(
  ranked: T[],
  topic: ReadonlySet<string>,
  opts: { band: number; gapMs: number; changed?: ReadonlySet<string>; nameTerms?: ReadonlySet<string> },
): Set<string> {
  const lifted = new Set<string>();
  if (opts.band <= 0 || topic.size === 0) return lifted;
  const docs = ranked
    .filter((r) => r.score > 0 && Number.isFinite(statedAt(r.item)))
    .map((r) => ({
      r,
      own: r.score,
      at: statedAt(r.item),
      on: onTopic(r.item, topic),
      slot: factSlot(r.item, opts.nameTerms),
    }))
    .sort((a, b) => a.at - b.at || b.own - a.own);
  type Doc = (typeof docs)[number];
  const top = Math.max(0, ...docs.map((d) => d.own));
  const otherValue = (d: Doc, slot: FactSlot) => statesOtherValue(d.r.item.content, slot);
  // What each document is to pass: always an earlier one, so one pass in time order sees its final score.
  const passes = new Map<Doc, Doc[]>();
  const raise = (d: Doc, over: Doc) => passes.set(d, [...(passes.get(d) ?? []), over]);
  for (const [i, f] of docs.entries()) {
    if (!f.slot || !(f.on || f.own >= opts.band * top)) continue;
    const changed = opts.changed?.has(f.r.item.id) ?? false;
    // Earlier documents on the topic that state another value (or any, once the key changed).
    if (f.on)
      for (const o of docs.slice(0, i))
        if (o.on && f.at - o.at >= opts.gapMs && f.own >= opts.band * o.own && (changed || otherValue(o, f.slot)))
          raise(f, o);
    // The latest later statement of the user's with another value for the key passes the fact.
    let latest: Doc | null = null;
    for (const d of docs.slice(i + 1))
      if (usersWords(d.r.item) && d.at - f.at >= opts.gapMs && (!latest || d.at > latest.at) && otherValue(d, f.slot))
        latest = d;
    if (latest) raise(latest, f);
  }
  for (const d of docs) {
    const over = passes.get(d);
    if (!over) continue;
    const floor = Math.max(...over.map((o) => o.r.score));
    // Above the statement it passes, and in the order of its own score among the ones lifted with it.
    if (floor >= d.r.score) {
      d.r.score = floor * (1 + 1e-3) + d.own * 1e-3;
      lifted.add(d.r.item.id);
    }
  }
  return lifted;
}
