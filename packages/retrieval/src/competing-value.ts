import {
  contentSearchTerms,
  foldChinese,
  isPredicateValue,
  isStopWord,
  MEASURE_KEY_FILLER,
  isTopicTerm,
  searchTerms,
  slotWords,
  termsMentionEntity,
} from '@engram/core';
import type { Candidate } from './candidates';

/** A keyed fact as a statement of another value for its key is recognised: the key's words and paraphrase class, and the value. */
export interface FactSlot {
  /** Search terms of the key's head word and its slot's paraphrase class. */
  slot: ReadonlySet<string>;
  /** A Chinese head, matched as written (search terms are bigrams, "打" is none). */
  slotHan: readonly string[];
  /**
   * What a measure is of ("user.frequency.swim" → swim, "user.time.起床" → 起床, a relative's fact →
   * the relative): a statement about a measure names it, or it is about something else ("we go a
   * few times a week" is no other frequency of seeing one's parents). Empty when the key has none.
   */
  qualifier: ReadonlySet<string>;
  value: string;
}

const HAN = /[\u3400-\u9fff]/u;

/**
 * The slot of a fact that holds (keyed, not superseded, with the value the extractor stored), or
 * null: an unkeyed fact, or one without a value, has nothing another statement could compete with.
 */
export function factSlot(c: Candidate, nameTerms?: ReadonlySet<string>): FactSlot | null {
  if (c.kind !== 'memory' || c.key === null || c.supersededBy !== null) return null;
  const value = typeof c.metadata.object === 'string' ? c.metadata.object.trim() : '';
  const [, family = '', verb = '', ...rest] = c.key.split('.');
  // An event ("user.event.went_hiking", its value a date) happened once: no later statement replaces it.
  if (!value || family === 'event' || DATE_VALUE.test(value) || isPredicateValue(value)) return null;
  const measured = MEASURE_FAMILY.test(family) ? verb : family === 'family' ? verb : '';
  // A measure of nothing nameable ("user.frequency.them_least" from "I see them at least once a week").
  if (measured && PRONOUN_QUALIFIER.test(measured)) return null;
  // The slot is named by its head — the last word of the family ("user.mobile_carrier" → carrier,
  // "user.one_year_old" → old, not "one"), a habit's verb ("user.does.volunteer_as.mentor" →
  // volunteer, "user.does.打.篮球" → 打) or a relative's slot ("user.family.brother.residence") — or
  // by the paraphrase class of the family (the relative's slot's, for a relative).
  const relative = family === 'family' && rest.length > 0;
  const slotKey = relative ? `user.${rest.join('.')}` : c.key;
  const head = family === 'does' ? verb.split('_')[0]! : ((relative ? rest[0]! : family).split('_').pop() ?? '');
  const topic = (t: string) => isTopicTerm(t, nameTerms);
  const slot = new Set(contentSearchTerms(`${head} ${slotWords(slotKey)}`).filter(topic));
  const qualifierWords = measured.split('_').filter((w) => !isStopWord(w) && !MEASURE_KEY_FILLER.test(w));
  const qualifier = new Set(contentSearchTerms(qualifierWords.join(' ')).filter(topic));
  return { slot, slotHan: HAN.test(head) ? [head] : [], qualifier, value };
}

/** Keys whose third segment is what is measured: how often, when, how many, which days, how much of it. */
const MEASURE_FAMILY = /^(?:frequency|time|count|schedule|dose)$/;
const PRONOUN_QUALIFIER = /(?:^|_)(?:them|it|him|her|this|that|these|those|他们|她们|它们|他|她|它)(?:_|$)/;
const DATE_VALUE = /^\d{4}(?:-\d\d){0,2}$/;

/** A statement that ends or denies a value, or says it changed ("no longer", "switched from", 不…了, 换成). */
const CHANGE_EN =
  /\b(?:no longer|not|never|stopped|quit|gave up|given up|left|sold|switched|moved|changed|replaced|instead|anymore|any more|used to)\b|n't\b/iu;
const CHANGE_ZH = /不再|不[\u3400-\u9fff]{1,6}了|没再|戒了|停了|换成|换了|改成|改用|改为|辞职|离开|卖了|退了|以前/u;

function mentionsValue(content: string, terms: readonly string[], value: string): boolean {
  return HAN.test(value)
    ? foldChinese(content).includes(foldChinese(value))
    : termsMentionEntity(terms, searchTerms(value));
}

/**
 * Whether a document states another value for the fact's key: it names the key's slot (the key's
 * own words or its paraphrase class) and either not the fact's value, or that value together with
 * a word that ends or changes it ("I switched from Verizon", 我不打篮球了); for a measure or a
 * relative's fact it also names what is measured or the relative. A document that shares
 * only the value's words, or no slot word at all, is no competitor — the evidence item 4 of
 * issue 17 asks for before the order is touched.
 */
export function statesOtherValue(content: string, fs: FactSlot): boolean {
  const terms = contentSearchTerms(content);
  const folded = foldChinese(content);
  const namesSlot = terms.some((t) => fs.slot.has(t)) || fs.slotHan.some((w) => folded.includes(foldChinese(w)));
  if (!namesSlot) return false;
  if (fs.qualifier.size > 0 && !terms.some((t) => fs.qualifier.has(t))) return false;
  if (!mentionsValue(content, searchTerms(content), fs.value)) return true;
  return CHANGE_EN.test(content) || CHANGE_ZH.test(folded);
}
