import { foldChinese, slotFamiliesOfWord, slotWords } from '@engram/core';
import { draft, type FactDraft } from './draft';
import type { KnownFact } from './clause';
import { gerundToBase, hasCjk, normalizeValue } from './text';
import { compatible, shapeOf } from './value-shape';
import { categoryOf } from './lexicon';

const ARTICLES = /^(?:a|an|the|my|our)\s+/i;
const norm = (v: string) => normalizeValue(foldChinese(v).replace(ARTICLES, ''));

/**
 * The fact a change replaces, found by its value: "switched from Vim to Neovim" updates whatever
 * key holds "Vim" (user.editor), "moved the app off Heroku" the key holding "Heroku". Only an
 * equal value matches — never a fact that merely shares a word with it. Newest first.
 */
export function knownFactWithValue(value: string, known: readonly KnownFact[]): KnownFact | null {
  const v = norm(value);
  if (!v) return null;
  for (let i = known.length - 1; i >= 0; i--) {
    const k = known[i]!;
    if (k.object ? norm(k.object) === v : endsWithValue(k.content, value)) return k;
  }
  return null;
}

/** A fact stored without its object ("User uses Notion", written through the API): its sentence ends in exactly this value. */
function endsWithValue(content: string, value: string): boolean {
  const words = content
    .trim()
    .replace(/[.!]+$/, '')
    .split(/\s+/);
  const n = value.trim().split(/\s+/).length;
  if (words.length <= n) return false;
  return norm(words.slice(-n).join(' ')) === norm(value);
}

/** A sentence that says a value does not hold ("User no longer …", "用户不吃牛肉"). */
const NEGATED_SENTENCE = /\bno\s+longer\b|\bnot\b|n't\b|\bnever\b|^用户(?:的.{0,8})?(?:不|没|从不)|不再|不是/iu;

/** The known fact's sentence with the new value in it, unless that sentence denies its value. */
function borrowedContent(target: KnownFact, d: FactDraft): string | undefined {
  if (!target.object || !target.content.includes(target.object) || NEGATED_SENTENCE.test(target.content))
    return d.content;
  return target.content.replace(target.object, d.object);
}

/** A draft for a full key ("user.editor", "env.app.deployed_on"), keeping its namespace. */
export function draftForKey(
  key: string,
  object: string,
  confidence: number,
  extra: Partial<FactDraft> = {},
): FactDraft {
  const [namespace, ...rest] = key.split('.');
  const suffix = rest.join('.');
  if (namespace === 'env')
    return draft(suffix, object, confidence, { namespace: 'env', type: 'ENVIRONMENT', kind: 'fact', ...extra });
  return draft(suffix, object, confidence, extra);
}

/** Key families whose second segment names the thing (count.book, schedule.run); other user keys are open attributes. */
const STRUCTURED = new Set([
  'does',
  'count',
  'schedule',
  'tool',
  'time',
  'frequency',
  'dose',
  'learning',
  'pet',
  'family',
  'preference',
  'favourite',
  'diet',
  'allergy',
  'contact',
  'event',
  'uses',
  'stack',
  'identity',
  'possession',
]);
const PROTECTED =
  /^(?:name|nickname|surname|partner|residence|employer|occupation|school|contact|pet|family|birthday|age|event)\b/;
const STOP = new Set([
  'to',
  'of',
  'the',
  'my',
  'our',
  'up',
  'over',
  'in',
  'for',
  'a',
  'an',
  'on',
  'at',
  'with',
  'back',
  'out',
  'off',
  'is',
  'and',
]);
/** Nouns that name the kind of a thing rather than the thing ("internet provider" is the internet). */
const GENERIC_HEAD =
  /^(?:provider|service|company|brand|model|plan|carrier|subscription|app|platform|supplier|option|choice)$/;
const stemWord = (w: string) =>
  w
    .replace(/(?:ing|ings)$/, '')
    .replace(/(?<=[^s])s$/, '')
    .replace(/ies$/, 'y');

/** The words of a key's suffix (stemmed, no function words) and its head: "trip_to_japan" → {trip, japan}, head trip. */
function keyWords(suffix: string): { family: string; words: string[]; heads: string[] } {
  const parts = suffix.split('.');
  const family = parts.length > 1 && STRUCTURED.has(parts[0]!) ? parts[0]! : '';
  const raw = (family ? parts.slice(1).join('_') : suffix).split(/[._]/).filter(Boolean);
  const prep = raw.findIndex((w, i) => i > 0 && ['to', 'of', 'for', 'at', 'in', 'with'].includes(w));
  const words = raw.filter((w) => !STOP.has(w)).map(stemWord);
  // the head is the last content word ("deadline_is" → deadline), before a generic one ("internet_provider" → internet)
  const content = raw.filter((w) => !STOP.has(w));
  const last =
    content.length > 1 && GENERIC_HEAD.test(content[content.length - 1]!)
      ? content[content.length - 2]!
      : content[content.length - 1];
  const head = stemWord(prep > 0 ? raw[prep - 1]! : (last ?? raw[raw.length - 1] ?? ''));
  // "dose.lisinopril" is a dose: its family word names the slot as much as the drug does
  const named = ['dose', 'schedule', 'time', 'frequency'].includes(family);
  return { family, words: named ? [...words, family] : words, heads: named ? [head, family] : [head] };
}

const sameWord = (a: string, b: string) =>
  a === b || (a.length >= 4 && b.endsWith(a)) || (b.length >= 4 && a.endsWith(b));

/**
 * The known key a draft's slot is, when the user named it in other words: same head noun, the
 * words of one within the other, one such known key only, and (structured keys) the same family.
 * Names, contacts, residence and the like are never re-keyed this way.
 */
export function alignKey(d: FactDraft, known: readonly KnownFact[]): FactDraft {
  const ns = d.namespace ?? 'user';
  const key = `${ns}.${d.suffix}`;
  if (known.some((k) => k.key === key) || PROTECTED.test(d.suffix)) return d;
  // Environment facts are matched by their subject and predicate only; project dates are the exception.
  if (ns === 'env' && !d.suffix.startsWith('project.')) return d;
  const mine = keyWords(d.suffix.replace(/^project\./, ''));
  if (mine.words.length === 0) return d;
  const matches = known.filter((k) => {
    const [kns, ...rest] = k.key.split('.');
    const suffix = rest.join('.');
    if (k.key === key || PROTECTED.test(suffix) || !k.object) return false;
    if (kns === 'env' && !suffix.startsWith('project.')) return false;
    const theirs = keyWords(suffix.replace(/^project\./, ''));
    if (mine.family && theirs.family !== mine.family) return false;
    if (
      !mine.family &&
      theirs.family &&
      !['tool', 'schedule', 'count', 'dose', 'time', 'frequency'].includes(theirs.family)
    )
      return false;
    if (
      kns !== ns &&
      !(suffix.startsWith('project.') || d.suffix.startsWith('project.') || (!theirs.family && !mine.family))
    )
      return false;
    if (!mine.heads.some((h) => theirs.heads.some((t) => sameWord(h, t)))) return false;
    const [small, large] =
      mine.words.length <= theirs.words.length ? [mine.words, theirs.words] : [theirs.words, mine.words];
    return small.every((w) => large.some((x) => sameWord(w, x)));
  });
  if (matches.length !== 1) return d;
  const target = matches[0]!;
  const content = d.positive ? borrowedContent(target, d) : d.content;
  return {
    ...draftForKey(target.key, d.object, d.confidence, {
      ...(content ? { content } : {}),
      ...(d.label ? { label: d.label } : {}),
    }),
    positive: d.positive,
  };
}

/** Key families a rule falls back to when it cannot name the slot ("user.move", "user.plan.我", "user.uses.x"). */
const FALLBACK = new Set(['does', 'uses', 'tool', 'plan', 'event', 'possession', 'preference', 'identity']);
const AMOUNT_WORDS = /^(?:price|cost|fee|fees|rate|amount|total|bill|charge|payment)$/;
const isFallback = (suffix: string) =>
  FALLBACK.has(suffix.split('.')[0]!) || (!suffix.includes('.') && slotWords(`user.${suffix}`) === '');

/**
 * The known slot a fallback draft is about, by the slot's paraphrase class (core slot-words): a
 * word of the draft's key in the class of exactly one known slot ("made the move to Edinburgh" →
 * user.move → the known user.residence; "I do all my coding in Zed" → tool.code → user.editor),
 * or the known key's own words in the clause ("改成六点起床" → user.time.起床). The value must
 * be of the known value's kind. Ended values and named slots keep their keys.
 */
export function alignBySlot(d: FactDraft, known: readonly KnownFact[], clause: string): FactDraft {
  const ns = d.namespace ?? 'user';
  if (ns !== 'user' || !d.positive || known.some((k) => k.key === `user.${d.suffix}`) || !isFallback(d.suffix))
    return d;
  const words = d.suffix
    .split(/[._]/)
    .filter((w) => w.length >= 2)
    .map((w) => (hasCjk(w) ? w : gerundToBase(w)));
  const families = new Set(words.flatMap((w) => slotFamiliesOfWord(w)));
  const folded = foldChinese(clause.toLowerCase());
  const candidates = known.filter((k) => {
    if (!k.key.startsWith('user.') || !k.object || k.key === `user.${d.suffix}`) return false;
    const suffix = k.key.slice('user.'.length);
    if (FALLBACK.has(suffix.split('.')[0]!)) return false;
    if (!compatible(k.object, d.object, clause === clause.toLowerCase())) return false;
    const parts = suffix.split('.');
    if (families.has(parts[0]!)) return true;
    // the known key's own words (user.time.起床, user.frequency.gym) said in the clause; for an
    // amount named generically ("raised its price to $55"), one of them (user.gym_membership)
    const own = (parts.length > 1 ? parts.slice(1) : parts)
      .join('_')
      .split('_')
      .filter((w) => w.length >= 2 && !/^(?:the|and|of|to|my|new)$/.test(w));
    const said = (w: string) => folded.includes(foldChinese(w.toLowerCase()));
    return (
      own.length > 0 &&
      (AMOUNT_WORDS.test(d.suffix) && shapeOf(d.object) === 'number' ? own.some(said) : own.every(said))
    );
  });
  if (candidates.length !== 1) return d;
  const target = candidates[0]!;
  const content = borrowedContent(target, d);
  return draftForKey(target.key, d.object, d.confidence, {
    ...(content ? { content } : {}),
    ...(d.label ? { label: d.label } : {}),
  });
}

/** Kinds of thing a person or a project has one of at a time (two languages are two facts; two phones are a change). */
const ONE_AT_A_TIME = new Set(['phone', 'operating_system', 'editor', 'browser', 'database', 'laptop', 'shell']);

/**
 * A named thing of a kind held one at a time, stated under a key of its own ("the database is
 * Postgres now" → env.database.is), is the change of the one known fact holding a thing of that
 * kind (env.project.database = MySQL): same namespace, exactly one such known key.
 */
export function alignByKind(d: FactDraft, known: readonly KnownFact[]): FactDraft {
  const ns = d.namespace ?? 'user';
  const key = `${ns}.${d.suffix}`;
  if (!d.positive || known.some((k) => k.key === key)) return d;
  const kind = categoryOf(d.object.replace(ARTICLES, ''));
  if (!kind || !ONE_AT_A_TIME.has(kind)) return d;
  const held = known.filter(
    (k) =>
      k.object &&
      k.key.startsWith(`${ns}.`) &&
      !k.key.includes('.event.') &&
      (categoryOf(k.object.replace(ARTICLES, '')) === kind || k.key.split('.').pop() === kind),
  );
  const keys = new Set(held.map((k) => k.key));
  if (keys.size !== 1) return d;
  const target = held[held.length - 1]!;
  if (norm(target.object!) === norm(d.object)) return d;
  const content = borrowedContent(target, d);
  return { ...draftForKey(target.key, d.object, d.confidence, content ? { content } : {}), positive: true };
}

/**
 * A slot named by the noun of a habit's verb ("my usual coffee order is …" after "I always order a
 * flat white", "my commute is …" after "I commute by train") is that habit: the noun heads the
 * draft's key, exactly one known habit has that verb.
 */
export function alignByVerb(d: FactDraft, known: readonly KnownFact[]): FactDraft {
  const ns = d.namespace ?? 'user';
  if (ns !== 'user' || !d.positive || known.some((k) => k.key === `user.${d.suffix}`) || d.suffix.includes('.'))
    return d;
  const words = d.suffix.split('_').filter((w) => !STOP.has(w));
  const head = words[words.length - 1];
  if (!head || head.length < 3 || hasCjk(head)) return d;
  const held = known.filter((k) => k.object && new RegExp(`^user\\.does\\.${head}(?:_[a-z]+)?\\.`).test(k.key));
  if (new Set(held.map((k) => k.key)).size !== 1) return d;
  const target = held[0]!;
  return {
    ...draftForKey(target.key, d.object, d.confidence, { content: borrowedContent(target, d) ?? '' }),
    positive: true,
  };
}
