import { findHiddenCharacter, type HiddenCharacter } from './hidden-characters';
import { conceptsIn } from './concepts';
import { WINDOW_CHARS, windowsOf } from './learned-features';
import { LEARNED_MODEL_ID, LEARNED_THRESHOLDS, learnedOpinion, learnedWeight } from './learned-model';
import { CONCEPT_TESTS, INTENT_LABEL, RULES, type Intent } from './rules';
import { matchingViews, type MatchView, type Obfuscation } from './views';

/**
 * P2: every write path runs this first. Zero tolerance for invisible Unicode (by property, see
 * hidden-characters.ts); then the text is folded into every reading a model might follow (views.ts)
 * and matched against rules by intent, English and Chinese (rules.ts). Findings are scored; a text
 * at or above the threshold is refused with a reason that names the intent.
 */
export const SCANNER_VERSION = `rules@10+${LEARNED_MODEL_ID}`;
/** Rules alone refuse at this score. */
export const BLOCK_SCORE = 0.5;
/** A disguise (below) that still reads as a trigger adds this much to the finding. */
const OBFUSCATION_BONUS = 0.15;
/** Compact views of whole texts (all separators dropped) only run the strongest rules. */
const SPLIT_WORDS_MIN_WEIGHT = 0.8;
const DELIBERATE: ReadonlySet<Obfuscation> = new Set<Obfuscation>([
  'homoglyph',
  'combining_marks',
  'spaced_letters',
  'leetspeak',
  'rot13',
  'reversed',
  'word_order_reversed',
  'base64',
  'base32',
  'hex',
  'binary',
  'url_encoding',
  'html_entities',
  'unicode_escapes',
]);
/**
 * Obfuscations nobody applies to ordinary text by accident. Transport encodings (base64, URL
 * encoding, entities, escapes) are everyday content (attachments, links, markup): what they hide
 * is matched at the rule's own weight.
 */
const DISGUISES: ReadonlySet<Obfuscation> = new Set<Obfuscation>([
  'homoglyph',
  'combining_marks',
  'spaced_letters',
  'leetspeak',
  'rot13',
  'reversed',
  'word_order_reversed',
]);

export type { Intent } from './rules';
export { INTENTS, INTENT_LABEL } from './rules';
export type { Obfuscation } from './views';

export interface ScanFinding {
  rule: string;
  intent: Intent;
  /** The rule's weight plus the obfuscation bonus. */
  weight: number;
  /** How the matched reading was derived (empty: the text as written, folded). */
  via: readonly Obfuscation[];
  match: string;
}

export interface ScanAnalysis {
  hidden: HiddenCharacter | null;
  /** The strongest rule finding per intent, and the learned stage's (rule LEARNED_MODEL_ID) when it has any, strongest first. */
  findings: ScanFinding[];
  /** 0–1: 1 − Π(1 − weight) over the intents found (independent evidence adds up). */
  score: number;
}

export type ScanVerdict =
  | { ok: true; score: number; intents: Intent[] }
  | {
      ok: false;
      code: 'CONTENT_BLOCKED_INVISIBLE_UNICODE' | 'CONTENT_BLOCKED_INJECTION';
      reason: string;
      match: string;
      score: number;
      intents: Intent[];
      obfuscations: Obfuscation[];
      rule: string;
    };

function combine(findings: readonly ScanFinding[]): number {
  let keep = 1;
  for (const f of findings) keep *= 1 - Math.min(1, f.weight);
  return 1 - keep;
}

function findingsIn(view: MatchView, base: string, best: Map<Intent, ScanFinding>): void {
  const splitWords = view.compact && view.via.includes('split_words');
  const derived = view.text !== base;
  const deliberate = view.via.some((o) => DELIBERATE.has(o));
  const disguised = view.via.some((o) => DISGUISES.has(o));
  // Compact views (no word starts) test each concept's compact expression: 1 present, 2 absent, 0 not tested.
  const tested = new Uint8Array(CONCEPT_TESTS.length);
  const at = view.compact ? null : conceptsIn(view.text);
  const has = at
    ? (id: number): boolean => at[id] !== undefined
    : (id: number): boolean => {
        if (tested[id] === 0) tested[id] = CONCEPT_TESTS[id]!.compact.test(view.text) ? 1 : 2;
        return tested[id] === 1;
      };
  const exec = (rule: (typeof RULES)[number], re: RegExp): RegExpExecArray | null => {
    if (!at || rule.first === null) return re.exec(view.text);
    // Anchored tries where the first concept occurs, instead of a scan of the whole text.
    for (const pos of at[rule.first]!) {
      rule.sticky.lastIndex = pos;
      const m = rule.sticky.exec(view.text);
      if (m) return m;
    }
    return null;
  };
  for (const rule of RULES) {
    const re = view.compact ? rule.compact : rule.re;
    if (!re || (splitWords && (rule.weight < SPLIT_WORDS_MIN_WEIGHT || !rule.compactWholeText))) continue;
    const held = best.get(rule.intent);
    if (held && held.weight >= Math.min(1, rule.weight + (disguised ? OBFUSCATION_BONUS : 0))) continue;
    if (!rule.needs.every(has)) continue;
    const m = exec(rule, re);
    if (!m) continue;
    // The bonus is for a trigger that only shows once the obfuscation is undone.
    const hidden = deliberate && (!derived || !rule.re.test(base));
    const weight = Math.min(1, rule.weight + (hidden && disguised ? OBFUSCATION_BONUS : 0));
    if (held && held.weight >= weight) continue;
    best.set(rule.intent, {
      rule: rule.id,
      intent: rule.intent,
      weight,
      via: hidden ? view.via : view.via.filter((o) => !DELIBERATE.has(o)),
      match: m[0].slice(0, 120),
    });
  }
}

/** The matched fragment as the writer wrote it, when folding only changed case and spacing. */
function asWritten(text: string, folded: string): string {
  const at = text.toLowerCase().indexOf(folded);
  return at >= 0 ? text.slice(at, at + folded.length) : folded;
}

/** The strongest rule finding per intent over every reading of one text. */
function ruleFindings(views: readonly MatchView[]): ScanFinding[] {
  const best = new Map<Intent, ScanFinding>();
  const base = views[0]!.text;
  for (const view of views) {
    findingsIn(view, base, best);
    // Enough evidence: the remaining readings cannot change the outcome.
    if (combine([...best.values()]) >= 0.97) break;
  }
  return [...best.values()];
}

/** Rule scores from here are refused whatever else is said (the classifier's review band ends here too). */
const LEARNED_UNTIL = 0.8;

export interface AnalyzeOptions {
  /** Also ask the learned stage (default true; false: the rules alone, e.g. to train it). */
  learned?: boolean;
}

/** Readings whose decoding counts as a disguise the learned stage saw through. */
const LEARNED_VIA: ReadonlySet<Obfuscation> = new Set<Obfuscation>([
  ...DISGUISES,
  'base64',
  'base32',
  'hex',
  'url_encoding',
  'split_words',
  'spaced_letters',
]);

/**
 * Hidden characters, findings and score of one text: the rules over every reading (views.ts), then
 * the learned stage (learned-model.ts) over the same readings, as one more piece of evidence.
 */
export function analyzeContent(text: string, opts: AnalyzeOptions = {}): ScanAnalysis {
  const hidden = findHiddenCharacter(text);
  const views = matchingViews(text);
  let findings = ruleFindings(views);
  // Weak findings of different intents refuse only together, and only when they are said together:
  // in a long text they must share a window (trigger words spread across an ordinary document do not add up).
  if (text.length > WINDOW_CHARS && combine(findings) >= BLOCK_SCORE && findings.every((f) => f.weight < BLOCK_SCORE)) {
    let top: ScanFinding[] = [];
    for (const window of windowsOf(text)) {
      const inWindow = ruleFindings(matchingViews(window));
      if (combine(inWindow) > combine(top)) top = inWindow;
      if (combine(top) >= BLOCK_SCORE) break;
    }
    findings = top;
  }
  // At LEARNED_UNTIL the rules refuse and no classifier is asked (screen.ts: REVIEW_UNTIL): the learned stage could not change the outcome.
  if (opts.learned !== false && combine(findings) < LEARNED_UNTIL) {
    const readings = views.filter((v) => !v.compact);
    const opinion = learnedOpinion(
      readings.map((v) => v.text),
      LEARNED_THRESHOLDS.review,
    );
    const weight = learnedWeight(opinion.probability, LEARNED_THRESHOLDS);
    if (weight > 0) {
      // A disguise counts as seen through only when the text as written would not have been refused the same way.
      const asIs = learnedWeight(opinion.firstProbability, LEARNED_THRESHOLDS) >= BLOCK_SCORE || opinion.reading === 0;
      findings.push({
        rule: LEARNED_MODEL_ID,
        intent: opinion.intent,
        weight,
        via: asIs ? [] : readings[opinion.reading]!.via.filter((o) => LEARNED_VIA.has(o)),
        match: opinion.window.trim().slice(0, 120),
      });
    }
  }
  const written = findings.sort((a, b) => b.weight - a.weight).map((f) => ({ ...f, match: asWritten(text, f.match) }));
  return { hidden, findings: written, score: combine(written) };
}

const describe = (o: Obfuscation): string => o.replace(/_/g, ' ');

/** The verdict for an analysis at a refusal threshold (rules alone: BLOCK_SCORE). */
export function verdictOf(analysis: ScanAnalysis, threshold = BLOCK_SCORE): ScanVerdict {
  const intents = [...new Set(analysis.findings.map((f) => f.intent))];
  if (analysis.hidden) {
    const h = analysis.hidden;
    return {
      ok: false,
      code: 'CONTENT_BLOCKED_INVISIBLE_UNICODE',
      reason: `invisible Unicode character ${h.label} at offset ${h.index}`,
      match: h.label,
      score: 1,
      intents,
      obfuscations: [],
      rule: 'hidden_character',
    };
  }
  if (analysis.score < threshold || analysis.findings.length === 0) return { ok: true, score: analysis.score, intents };
  const top = analysis.findings[0]!;
  const obfuscations = [...new Set(analysis.findings.flatMap((f) => f.via))];
  const seen = obfuscations.length > 0 ? `; seen through ${obfuscations.map(describe).join(', ')}` : '';
  const others = analysis.findings.slice(1).map((f) => INTENT_LABEL[f.intent]);
  const also = others.length > 0 ? `; also ${others.join(', ')}` : '';
  return {
    ok: false,
    code: 'CONTENT_BLOCKED_INJECTION',
    reason: `prompt injection: ${INTENT_LABEL[top.intent]} (rule ${top.rule}, score ${analysis.score.toFixed(2)}${also}${seen})`,
    match: top.match,
    score: analysis.score,
    intents,
    obfuscations,
    rule: top.rule,
  };
}

export function scanContent(text: string): ScanVerdict {
  return verdictOf(analyzeContent(text));
}

/** Scans several fields (content, key, tags); the first blocked one decides. */
export function scanFields(
  fields: Record<string, string | readonly string[] | null | undefined>,
): ScanVerdict & { field?: string } {
  let strongest: (ScanVerdict & { field?: string }) | null = null;
  for (const [field, value] of Object.entries(fields)) {
    if (value == null) continue;
    const values = typeof value === 'string' ? [value] : value;
    for (const v of values) {
      const verdict = scanContent(v);
      if (!verdict.ok) return { ...verdict, field };
      if (!strongest || verdict.score > strongest.score) strongest = { ...verdict, field };
    }
  }
  return strongest ?? { ok: true, score: 0, intents: [] };
}
