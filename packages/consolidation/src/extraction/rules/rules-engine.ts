import type { CandidateFact, ExtractionEngine, ExtractionInput, ExtractionMessage, ExtractionResult } from '../types';
import { MIN_FACT_CONFIDENCE } from '../types';
import { chineseClauseDrafts, chineseClauses, prepareChineseClause } from './chinese';
import { describe, importanceOf, kindOf } from './describe';
import type { FactDraft } from './draft';
import { englishClauseDrafts, englishClauses, prepareEnglishClause, type KnownFact } from './english';
import { summarizeEpisode } from './episode-summary';
import { extractSkills } from './skills';
import { languageOf, normalizeValue, sentences } from './text';
import { resolveTime } from './time-expressions';

export const RULES_EXTRACTOR_ID = 'rules@1';

const HEDGE_PENALTY = 0.25;

function toCandidate(d: FactDraft, msg: ExtractionMessage, clause: string, lang: 'en' | 'zh', hedged: boolean): CandidateFact {
  const namespace = d.namespace ?? 'user';
  const key = `${namespace}.${d.suffix}`;
  const when = d.kind === 'event' || d.suffix.startsWith('event.') ? null : resolveTime(clause, new Date(msg.at), lang);
  const eventTime = d.suffix.startsWith('event.') ? d.object : null;
  let timeHint = eventTime ?? (d.suffix === 'birthday' && /^(?:--|\d{4}-)\d{2}-\d{2}$/.test(d.object) ? d.object : (when?.value ?? null));
  // A birthday said without a year recurs: keep month and day only.
  if (d.suffix === 'birthday' && timeHint && /^\d{4}-\d{2}-\d{2}/.test(timeHint) && !/\b\d{4}\b|年/u.test(clause)) timeHint = `--${timeHint.slice(5, 10)}`;
  const validFrom = when && /^\d{4}-\d{2}-\d{2}/.test(when.value) && d.kind !== 'event' && d.suffix !== 'birthday' ? when.value.slice(0, 10) : null;
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
    tags: [...new Set([namespace === 'env' ? 'environment' : family.replace(/^favourite_.*/, 'favourite'), d.kind ?? kindOf(d.suffix), lang])],
    sourceMessageIds: [msg.messageId],
    language: lang,
  };
}

/** Facts stated by the user in one message, in order. */
export function extractFactsFromMessage(msg: ExtractionMessage, known: KnownFact[]): CandidateFact[] {
  const out: CandidateFact[] = [];
  const at = new Date(msg.at);
  const ctx = { at: Number.isFinite(at.getTime()) ? at : new Date(0), known };
  for (const sentence of sentences(msg.content)) {
    if (sentence.question) continue;
    const lang = languageOf(sentence.text);
    const clauses = lang === 'zh' ? chineseClauses(sentence.text) : englishClauses(sentence.text);
    for (const raw of clauses) {
      const { text, hedged } = lang === 'zh' ? prepareChineseClause(raw) : prepareEnglishClause(raw, ctx.at);
      if (!text) continue;
      const clauseCtx = { ...ctx, original: raw };
      const drafts = lang === 'zh' ? chineseClauseDrafts(text, clauseCtx) : englishClauseDrafts(text, clauseCtx);
      for (const d of drafts) {
        const c = toCandidate(d, msg, raw, lang, hedged);
        out.push(c);
        known.push({ key: c.key, content: c.content });
      }
    }
  }
  return out;
}

/**
 * Within one session the last statement about a key wins; restating the same value merges the
 * lineage. Different keys are all kept.
 */
export function mergeSessionFacts(facts: CandidateFact[]): CandidateFact[] {
  const byKey = new Map<string, CandidateFact>();
  for (const f of facts) {
    const prev = byKey.get(f.key);
    if (prev && normalizeValue(prev.object) === normalizeValue(f.object) && prev.positive === f.positive) {
      byKey.set(f.key, { ...prev, confidence: Math.max(prev.confidence, f.confidence), sourceMessageIds: [...new Set([...prev.sourceMessageIds, ...f.sourceMessageIds])] });
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
      const known: KnownFact[] = input.existingFacts.filter((f) => f.key).map((f) => ({ key: f.key!, content: f.content }));
      const all: CandidateFact[] = [];
      for (const msg of input.messages) {
        if (msg.role !== 'user') continue;
        all.push(...extractFactsFromMessage(msg, known));
      }
      const facts = mergeSessionFacts(all).filter((f) => f.confidence >= MIN_FACT_CONFIDENCE);
      return { episode: summarizeEpisode(input.messages, facts), facts, skills: extractSkills(input.messages), extractor: RULES_EXTRACTOR_ID };
    },
  };
}
