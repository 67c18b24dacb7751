import type { CandidateFact, ExtractionEngine, ExtractionInput, ExtractionMessage, ExtractionResult } from '../types';
import { MIN_FACT_CONFIDENCE } from '../types';
import {
  chineseAnaphoricDraft,
  chineseChangedSlot,
  chineseClauseDrafts,
  chineseClauses,
  prepareChineseClause,
} from './chinese';
import { describe, importanceOf, kindOf } from './describe';
import type { FactDraft } from './draft';
import { attributeKey, type KnownFact } from './clause';
import { anaphoricDraft, englishClauses, englishStatementDrafts, prepareEnglishClause } from './english';
import { summarizeEpisode } from './episode-summary';
import { extractSkills } from './skills';
import { languageOf, normalizeValue, sentences, slug } from './text';
import { foldChinese, isPredicateValue, isTraditionalChinese, toTraditionalChinese } from '@engram/core';
import { resolveTime } from './time-expressions';
import { valueChanges } from './value-changes';
import { resolveDeicticMoves } from './deixis';
import { selfReferences } from './self-reference';
import { alignByKind, alignBySlot, alignByVerb, alignKey } from './value-match';
import { isTimeZone, shapeOf } from './value-shape';
import { childrenCount } from './counts';
import { asRelativeFacts, relativeClause, resolveRelativePronoun } from './relatives';
import { changedSurname, surnameOf } from './life-changes';
import { chatRegister } from './chat-register';

export const RULES_EXTRACTOR_ID = 'rules@1';

const HEDGE_PENALTY = 0.25;

function toCandidate(
  d: FactDraft,
  msg: ExtractionMessage,
  clause: string,
  lang: 'en' | 'zh',
  hedged: boolean,
): CandidateFact {
  const namespace = d.namespace ?? 'user';
  const key = `${namespace}.${d.suffix}`;
  const when = d.kind === 'event' || d.suffix.startsWith('event.') ? null : resolveTime(clause, new Date(msg.at), lang);
  const eventTime = d.suffix.startsWith('event.') ? d.object : null;
  let timeHint =
    eventTime ??
    (d.suffix === 'birthday' && /^(?:--|\d{4}-)\d{2}-\d{2}$/.test(d.object) ? d.object : (when?.value ?? null));
  // A birthday said without a year recurs: keep month and day only.
  if (d.suffix === 'birthday' && timeHint && /^\d{4}-\d{2}-\d{2}/.test(timeHint) && !/\b\d{4}\b|年/u.test(clause))
    timeHint = `--${timeHint.slice(5, 10)}`;
  const validFrom =
    when && /^\d{4}-\d{2}-\d{2}/.test(when.value) && d.kind !== 'event' && d.suffix !== 'birthday'
      ? when.value.slice(0, 10)
      : null;
  const family = d.suffix.split('.')[0]!;
  return {
    key,
    content: d.content ?? (namespace === 'env' ? d.object : describe(d.suffix, d.object, d.positive, lang, d.label)),
    kind: d.kind ?? kindOf(d.suffix),
    type: d.type ?? (namespace === 'env' ? 'ENVIRONMENT' : 'USER'),
    subject: namespace === 'env' ? d.suffix.split('.')[0]! : 'user',
    predicate: d.predicate ?? (family === 'preference' ? (d.positive ? 'likes' : 'dislikes') : d.suffix),
    object: d.object,
    positive: d.positive,
    timeHint,
    validFrom,
    validTo: d.validTo ?? null,
    confidence: Math.round(Math.max(0, d.confidence - (hedged ? HEDGE_PENALTY : 0)) * 100) / 100,
    importance: importanceOf(d.suffix),
    tags: [
      ...new Set([
        namespace === 'env' ? 'environment' : family.replace(/^favourite_.*/, 'favourite'),
        d.kind ?? kindOf(d.suffix),
        lang,
      ]),
    ],
    sourceMessageIds: [msg.messageId],
    language: lang,
  };
}

/** "I changed majors" names a slot whose new value follows ("…, it's computer science now"). */
function changedSlot(clause: string): FactDraft | null {
  const m =
    /^(?:i\s+)?(?:have\s+)?(?:just\s+|finally\s+)?(?:changed|switched|swapped|got\s+a\s+new|have\s+a\s+new)\s+(?:my\s+)?([a-z]+?)(?:e?s)?$/i.exec(
      clause,
    );
  const key = m ? attributeKey(m[1]!) : null;
  return key
    ? { suffix: key.suffix, object: '', positive: false, confidence: 0.8, label: key.label }
    : changedSurname(clause);
}

/** "Now that I'm living in Kampala, what are …?", "… since I joined X in April, can you help …?": the part before the question is stated. */
function statedBeforeQuestion(clause: string, lang: 'en' | 'zh'): string[] {
  if (lang !== 'en') return [];
  const m =
    /,\s*(?=(?:so\s+|and\s+|but\s+)?(?:what|how|where|which|who|when|why|can|could|would|will|should|do|does|did|is|are|any|anything|got|mind|care)\b)/i.exec(
      clause,
    );
  if (!m || m.index < 8) return [];
  const head = clause.slice(0, m.index).replace(/^(?:now\s+that|since|as|because|given\s+that|seeing\s+as)\s+/i, '');
  return /\b(?:i|we|my|our|i'm|we're)\b/i.test(head) ? [head] : [];
}

/** "…, isn't that insane?", "…, right?", "……，对吧？": a tag that asks for agreement leaves the statement before it stated. */
const QUESTION_TAG =
  /^(?:(?:is|are|was|were|do|does|did|have|has|would|could|ca|wo)n['’]?t\s+(?:it|that|this|they|he|she|you|i|we)(?:\s+\w+){0,2}|right|huh|eh|no|yeah|ok(?:ay)?|you\s+know|can\s+you\s+believe\s+(?:it|that|this)|how\s+(?:crazy|cool|great|wild|nice|sad)\s+is\s+that|(?:对|是|好)吧|对不对|是不是|你说呢|你敢信|你信吗|没想到吧|厉害吧|离谱吧|不错吧|怎么样)$/i;

/** A draft from folded (Simplified) text, back in the user's Traditional characters: the value as written, the sentence in Traditional. */
function asWritten(d: FactDraft, original: string): FactDraft {
  const folded = foldChinese(original);
  const at = d.object ? folded.indexOf(d.object) : -1;
  const object = at >= 0 ? original.slice(at, at + d.object.length) : d.object;
  const content = describeOr(d);
  return {
    ...d,
    object,
    content:
      content === undefined ? undefined : toTraditionalChinese(content).replace(toTraditionalChinese(d.object), object),
  };
}

const describeOr = (d: FactDraft): string | undefined =>
  d.content ??
  ((d.namespace ?? 'user') === 'env' ? undefined : describe(d.suffix, d.object, d.positive, 'zh', d.label));

/** "my phone" is a number or a device: a phone value that is not a number is the device ("upgraded my phone to a Pixel 8"). */
function byValueShape(d: FactDraft): FactDraft {
  // a time zone is the user's time zone whatever verb said it ("I'm on Pacific time", "我用的是台湾时间")
  if ((d.namespace ?? 'user') === 'user' && d.positive && d.suffix !== 'timezone' && isTimeZone(foldChinese(d.object)))
    return { ...d, suffix: 'timezone', content: undefined, label: 'time zone' };
  if (d.suffix === 'contact.phone' && (d.namespace ?? 'user') === 'user' && shapeOf(d.object) !== 'phone') {
    return { ...d, suffix: 'phone', content: d.content, object: d.object.replace(/^(?:a|an|the|my)\s+/i, '') };
  }
  return d;
}

/** "I speak Spanish too", "我也会说日语": a second value beside the known one, not its replacement. */
const ADDITIVE_ZH =
  /^我(?:现在|最近|今年)?也(?:会|有|养了?|喜欢|爱|在学|学|说|讲|玩|打|弹)|^我还(?:会|养了|有一)|另外还/u;
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The value said with "too"/"as well" right after it, or "also" before the verb. */
const additiveEn = (clause: string, value: string) =>
  new RegExp(`${escapeRe(value)}\\s*,?\\s*(?:too|as\\s+well)\\b`, 'i').test(clause) ||
  /^(?:i|we)\s+(?:now\s+|have\s+)?also\b|\balso\s+(?:have|speak|play|own|use|study|learn)\b/i.test(clause);
function besideKnown(d: FactDraft, known: readonly KnownFact[], clause: string, lang: 'en' | 'zh'): FactDraft {
  const said = clause.trim();
  if (!d.positive || !(lang === 'en' ? additiveEn(said, d.object) : ADDITIVE_ZH.test(said))) return d;
  const key = `${d.namespace ?? 'user'}.${d.suffix}`;
  const same = known.find((k) => k.key === key && k.object);
  if (!same || normalizeValue(same.object!) === normalizeValue(d.object)) return d;
  return { ...d, suffix: `${d.suffix}.${slug(d.object)}` };
}

/** The verbs (in the fallback key does.<verb>.<thing>) that state a value of a slot named as changed. */
const SLOT_VERBS: Record<string, RegExp> = {
  field_of_study: /^does\.(?:读|学|念|修|study|do)\./,
  employer: /^does\.(?:去|在|work_at|work_for)\./,
  vehicle: /^does\.(?:开|骑|drive|ride)\./,
  phone: /^does\.(?:用|use)\./,
  laptop: /^does\.(?:用|use)\./,
};

/** "User is turning business plan", "User's kids is getting excited", "User has them": no value of a slot. */
const PRONOUN_VALUE = /^(?:it|that|this|them|they|he|she|him|her|me|us|you|now|then)$/i;
const predicateOnly = (d: FactDraft) =>
  d.positive &&
  !d.suffix.startsWith('event.') &&
  (isPredicateValue(d.object) ||
    PRONOUN_VALUE.test(d.object.trim()) ||
    /^(?:is|are|was|were|be|been)\s/i.test(d.object));

/** A relative's own attribute (family.brother.residence): matched to no slot of the user's. */
const RELATIVE_KEY = /^family\.[^.]+\./;

/** Facts stated by the user in one message, in order. */
export function extractFactsFromMessage(msg: ExtractionMessage, known: KnownFact[]): CandidateFact[] {
  const at = new Date(msg.at);
  const ctx = { at: Number.isFinite(at.getTime()) ? at : new Date(0), known };
  const knownBefore = [...known];
  const stated: Array<{ d: FactDraft; clause: string; lang: 'en' | 'zh'; hedged: boolean }> = [];
  const written = chatRegister(msg.content);
  const content = resolveDeicticMoves(selfReferences(written, languageOf(written), known), languageOf(written));
  // "I changed my major. It's philosophy now.": a slot named as changed carries into the next sentence
  let named: FactDraft | null = null;
  let relativeSubject: string | null = null;
  for (const said of sentences(content)) {
    const tag = said.question ? /[,，]\s*([^,，]+?)\s*$/u.exec(said.text) : null;
    const sentence =
      tag && tag.index > 0 && QUESTION_TAG.test(tag[1]!)
        ? { text: said.text.slice(0, tag.index), question: false }
        : said;
    const lang = languageOf(sentence.text);
    // Chinese rules match Simplified text; values are cut back out of what the user wrote.
    const traditional = lang === 'zh' && isTraditionalChinese(sentence.text);
    const all = lang === 'zh' ? chineseClauses(foldChinese(sentence.text)) : englishClauses(sentence.text);
    // "最近刚搬到长沙，想问问这边有什么好玩的？": what precedes the question is stated.
    const clauses = sentence.question
      ? [...all.slice(0, -1), ...statedBeforeQuestion(all[all.length - 1] ?? '', lang)]
      : all;
    let previous: FactDraft | null = named;
    named = null;
    for (const raw of clauses) {
      const prepared = lang === 'zh' ? prepareChineseClause(raw) : prepareEnglishClause(raw, ctx.at);
      const { hedged } = prepared;
      let text = prepared.text;
      if (!text) continue;
      if (lang === 'en') {
        const r = resolveRelativePronoun(text, relativeSubject);
        text = r.clause;
        relativeSubject = r.relative;
      }
      const clauseCtx = { ...ctx, original: raw, sentence: sentence.text };
      let drafts = lang === 'zh' ? chineseClauseDrafts(text, clauseCtx) : englishStatementDrafts(text, clauseCtx);
      // "My brother lives in Spain", "我妹妹在谷歌工作": the relative's fact, never the user's
      const relative = relativeClause(text, lang, drafts);
      if (relative) {
        const said =
          lang === 'zh'
            ? chineseClauseDrafts(relative.firstPerson, clauseCtx)
            : englishStatementDrafts(relative.firstPerson, clauseCtx);
        const theirs = asRelativeFacts(relative, said, lang);
        if (theirs.length) drafts = theirs;
      }
      if (drafts.length === 0 && lang === 'en') {
        const a = anaphoricDraft(text, previous);
        if (a) {
          drafts = [a.suffix === 'surname' ? { ...a, object: surnameOf(a.object) } : a];
          // "I have a new boss, his name is Steve": the name says it all.
          const last = stated[stated.length - 1];
          if (previous?.suffix.startsWith('possession.') && last && last.d.suffix === previous.suffix) stated.pop();
        }
      }
      if (drafts.length === 0 && lang === 'zh') {
        const a = chineseAnaphoricDraft(text, previous);
        if (a) drafts = [a];
      }
      // "took my wife's name, so I'm Daniel Okafor now": the full name said after a surname change holds the surname
      const fullName =
        previous?.suffix === 'surname' && !previous.positive ? drafts.find((d) => d.suffix === 'name') : undefined;
      if (fullName && /\s/.test(fullName.object.trim()))
        drafts = [
          ...drafts,
          { ...fullName, suffix: 'surname', object: surnameOf(fullName.object), content: undefined, label: undefined },
        ];
      // "我转专业了，现在读计算机": the slot just named as changed takes a value the rules could only file under its verb
      if (
        previous &&
        !previous.positive &&
        previous.object === '' &&
        drafts.length === 1 &&
        drafts[0]!.positive &&
        SLOT_VERBS[previous.suffix]?.test(drafts[0]!.suffix)
      )
        drafts = [{ ...drafts[0]!, suffix: previous.suffix, content: undefined, label: previous.label }];
      if (drafts.length) previous = drafts[drafts.length - 1]!;
      else {
        const slot = lang === 'en' ? changedSlot(text) : chineseChangedSlot(text);
        previous = slot ?? previous;
        named = slot;
      }
      if (traditional) drafts = drafts.map((d) => asWritten(d, sentence.text));
      for (const d of drafts) {
        stated.push({ d, clause: raw, lang, hedged });
        const c = toCandidate(d, msg, raw, lang, hedged);
        known.push({ key: c.key, content: c.content, object: c.positive ? c.object : null });
      }
    }
  }
  // A value the user stated before, ended or replaced anywhere in this message.
  const lang = languageOf(content);
  const folded = lang === 'zh' ? foldChinese(content) : content.replace(/[’‘`]/g, "'");
  const parse = (fragment: string): FactDraft[] => {
    if (lang === 'zh') {
      const { text } = prepareChineseClause(fragment);
      return text ? chineseClauseDrafts(/^我/u.test(text) ? text : `我${text}`, { ...ctx, known: knownBefore }) : [];
    }
    const { text } = prepareEnglishClause(fragment, ctx.at);
    return text ? englishStatementDrafts(text, { ...ctx, known: knownBefore }) : [];
  };
  const changes = valueChanges(
    folded,
    lang,
    knownBefore,
    stated.map((x) => x.d),
    parse,
  );
  const traditional = lang === 'zh' && isTraditionalChinese(content);
  const kept = stated.filter((x) => !changes.replaces.has(x.d));
  for (const d of changes.add) {
    const written = traditional ? asWritten(d, content) : d;
    kept.push({ d: written, clause: content, lang, hedged: false });
    known.push({
      key: `${d.namespace ?? 'user'}.${d.suffix}`,
      content: d.content ?? '',
      object: d.positive ? written.object : null,
    });
  }
  // A slot the user named in other words ("my usual order" for "usual coffee order", "my rate" for "hourly rate") is the same slot.
  return kept
    .filter((x) => !predicateOnly(x.d))
    .map((x) =>
      RELATIVE_KEY.test(x.d.suffix)
        ? toCandidate(x.d, msg, x.clause, x.lang, x.hedged)
        : toCandidate(
            besideKnown(
              alignByVerb(
                alignByKind(
                  alignKey(
                    alignBySlot(byValueShape(childrenCount(x.d, knownBefore)), knownBefore, x.clause),
                    knownBefore,
                  ),
                  knownBefore,
                ),
                knownBefore,
              ),
              knownBefore,
              x.clause,
              x.lang,
            ),
            msg,
            x.clause,
            x.lang,
            x.hedged,
          ),
    );
}

/**
 * Within one session the last statement about a key wins; restating the same value merges the
 * lineage. Different keys are all kept.
 */
export function mergeSessionFacts(facts: CandidateFact[]): CandidateFact[] {
  const byKey = new Map<string, CandidateFact>();
  for (const f of facts) {
    const prev = byKey.get(f.key);
    // "开始生酮饮食了，不再吃素": ending another value does not undo the one just stated
    if (prev && prev.positive && !f.positive && normalizeValue(prev.object) !== normalizeValue(f.object)) continue;
    if (prev && normalizeValue(prev.object) === normalizeValue(f.object) && prev.positive === f.positive) {
      byKey.set(f.key, {
        ...prev,
        confidence: Math.max(prev.confidence, f.confidence),
        sourceMessageIds: [...new Set([...prev.sourceMessageIds, ...f.sourceMessageIds])],
      });
    } else {
      byKey.delete(f.key);
      byKey.set(f.key, f);
    }
  }
  return [...byKey.values()];
}

/** K5: deterministic English and Chinese extraction, summaries and skills with no model. */
export function createRulesEngine(): ExtractionEngine {
  return {
    id: RULES_EXTRACTOR_ID,
    async extract(input: ExtractionInput): Promise<ExtractionResult> {
      const known: KnownFact[] = input.existingFacts
        .filter((f) => f.key)
        .map((f) => ({ key: f.key!, content: f.content, object: f.object ?? null }));
      const all: CandidateFact[] = [];
      for (const msg of input.messages) {
        if (msg.role !== 'user') continue;
        all.push(...extractFactsFromMessage(msg, known));
      }
      const facts = mergeSessionFacts(all).filter((f) => f.confidence >= MIN_FACT_CONFIDENCE);
      return {
        episode: summarizeEpisode(input.messages, facts),
        facts,
        skills: extractSkills(input.messages),
        extractor: RULES_EXTRACTOR_ID,
      };
    },
  };
}
