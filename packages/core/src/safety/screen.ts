import type { ContentQuarantinedPayload, EngramEvent, Json, WriteRejectedPayload } from '../events/types';
import { sha256Hex } from '../util/ids';
import {
  analyzeContent,
  BLOCK_SCORE,
  SCANNER_VERSION,
  verdictOf,
  type ScanAnalysis,
  type ScanVerdict,
} from './content-scanner';
import type { Intent } from './rules';

/**
 * The second opinion of the scoring stage: a classifier (an LLM with a versioned verification
 * prompt when one is configured) asked only about texts whose rule score is neither clearly benign
 * nor clearly an attack.
 */
export interface InjectionClassifier {
  /** Names the model and prompt version, recorded with every decision it took part in. */
  readonly id: string;
  classify(text: string, analysis: ScanAnalysis): Promise<ClassifierOpinion>;
}

export interface ClassifierOpinion {
  injection: boolean;
  intent: Intent | null;
  /** 0–1. */
  confidence: number;
}

/** What happens to a write the scanner refuses: refused (WriteRejected), held for an operator, or stored anyway. */
export type ScanPolicy = 'block' | 'quarantine' | 'allow';
export const SCAN_POLICIES: readonly ScanPolicy[] = ['block', 'quarantine', 'allow'];

/** Rule scores in [REVIEW_FROM, REVIEW_UNTIL) go to the classifier when there is one. */
export const REVIEW_FROM = 0.25;
export const REVIEW_UNTIL = 0.8;

export type RefusedVerdict = Extract<ScanVerdict, { ok: false }>;

export type ScreenDecision =
  | { action: 'accept'; score: number; scanner: string; flagged: (RefusedVerdict & { field: string }) | null }
  | { action: 'reject' | 'quarantine'; verdict: RefusedVerdict; field: string; scanner: string };

export interface ScreenLogger {
  warn(obj: object, msg?: string): void;
}

/**
 * Where a write's texts are analysed, one analysis per text in order (default: analyzeContent on the
 * caller's thread). A service passes a pool of threads, so the scan stays on the acknowledged path
 * without holding the event loop that answers requests.
 */
export type ContentAnalyzer = (texts: readonly string[]) => Promise<ScanAnalysis[]>;

export interface ContentScreenOptions {
  policy?: ScanPolicy;
  analyzer?: ContentAnalyzer;
  classifier?: InjectionClassifier | null;
  logger?: ScreenLogger;
}

/**
 * P2 for a whole write: every field is analysed; hidden characters are refused whatever the policy
 * (zero tolerance); an injection is refused when the rules are sure, or when the classifier agrees
 * on a borderline score (rules alone: at BLOCK_SCORE); then the policy says what a refusal means.
 */
export class ContentScreen {
  readonly policy: ScanPolicy;
  private readonly classifier: InjectionClassifier | null;
  private readonly logger: ScreenLogger | undefined;
  private readonly analyzer: ContentAnalyzer | null;

  constructor(opts: ContentScreenOptions = {}) {
    this.policy = opts.policy ?? 'block';
    this.analyzer = opts.analyzer ?? null;
    this.classifier = opts.classifier ?? null;
    this.logger = opts.logger;
  }

  get scanner(): string {
    return this.classifier ? `${SCANNER_VERSION}+${this.classifier.id}` : SCANNER_VERSION;
  }

  async screen(fields: Readonly<Record<string, string>>, opts: { quarantine?: boolean } = {}): Promise<ScreenDecision> {
    let refused: (RefusedVerdict & { field: string }) | null = null;
    let highest = 0;
    let scanner = SCANNER_VERSION;
    const entries = Object.entries(fields);
    // With an analyzer every field is analysed in one call; in process, only up to the first refused.
    const analyses = this.analyzer && entries.length > 0 ? await this.analyzer(entries.map(([, t]) => t)) : null;
    for (const [i, [field, text]] of entries.entries()) {
      const analysis = analyses?.[i] ?? analyzeContent(text);
      highest = Math.max(highest, analysis.score);
      const verdict = analysis.hidden
        ? verdictOf(analysis)
        : await this.judge(text, analysis, (used) => (scanner = used));
      if (!verdict.ok) {
        refused = { ...verdict, field };
        break;
      }
    }
    if (!refused) return { action: 'accept', score: highest, scanner, flagged: null };
    if (refused.code === 'CONTENT_BLOCKED_INVISIBLE_UNICODE' || this.policy === 'block')
      return { action: 'reject', verdict: refused, field: refused.field, scanner };
    if (this.policy === 'quarantine') {
      return {
        action: opts.quarantine === false ? 'reject' : 'quarantine',
        verdict: refused,
        field: refused.field,
        scanner,
      };
    }
    return { action: 'accept', score: refused.score, scanner, flagged: refused };
  }

  private async judge(text: string, analysis: ScanAnalysis, used: (scanner: string) => void): Promise<ScanVerdict> {
    const rules = verdictOf(analysis);
    if (!this.classifier || analysis.score < REVIEW_FROM || analysis.score >= REVIEW_UNTIL) return rules;
    let opinion: ClassifierOpinion;
    try {
      opinion = await this.classifier.classify(text, analysis);
    } catch (err) {
      // The write is not held up by an unreachable model: the rules decide alone.
      this.logger?.warn({ err, classifier: this.classifier.id }, 'injection classifier failed; rules decide alone');
      return rules;
    }
    used(this.scanner);
    const attack = opinion.injection && opinion.confidence >= 0.5;
    if (!attack) return { ok: true, score: analysis.score, intents: rules.intents };
    if (!rules.ok) return { ...rules, reason: `${rules.reason}; confirmed by ${this.classifier.id}` };
    // Below the rules' own threshold, refused on the classifier's word: name the rules' leading intent
    // (or the classifier's) so the reason still says which.
    const forced = verdictOf({ ...analysis, score: Math.max(analysis.score, BLOCK_SCORE) }, BLOCK_SCORE);
    if (forced.ok) return forced;
    const intent = opinion.intent ?? forced.intents[0] ?? null;
    return {
      ...forced,
      intents: intent && !forced.intents.includes(intent) ? [intent, ...forced.intents] : forced.intents,
      reason: `${forced.reason}; judged an injection by ${this.classifier.id} (confidence ${opinion.confidence.toFixed(2)})`,
    };
  }
}

/** A decision that refused a write (rejected or held). */
export type RefusalDecision = Extract<ScreenDecision, { action: 'reject' | 'quarantine' }>;

const MATCH_CHARS = 120;

/** The field path as a client names it ("metadata.a", never the internal "#key" marker of a metadata key). */
export const publicField = (field: string): string => field.replace(/#key$/, '');

/** WriteRejected for a refused write (who: the envelope; what: sha256 and the matched fragment; why: code and reason). */
export function rejectionPayload(
  decision: RefusalDecision,
  attempted: string,
  refusedText: string,
  reasonPrefix = '',
): WriteRejectedPayload {
  const { verdict } = decision;
  return {
    attempted,
    code: verdict.code,
    reason: `${reasonPrefix}${verdict.reason}`,
    field: publicField(decision.field),
    contentSha256: sha256Hex(refusedText),
    match: verdict.match.slice(0, MATCH_CHARS),
  };
}

/** ContentQuarantined for a held write: the event it would have appended, kept whole for an operator. */
export function quarantinePayload(
  decision: RefusalDecision,
  attempted: string,
  quarantineId: string,
  held: EngramEvent,
): ContentQuarantinedPayload {
  const { verdict } = decision;
  return {
    quarantineId,
    attempted,
    heldType: held.type,
    heldSchemaVersion: held.schemaVersion,
    heldPayload: held.payload as unknown as Json,
    code: verdict.code,
    reason: verdict.reason,
    intents: verdict.intents,
    score: verdict.score,
    field: publicField(decision.field),
    match: verdict.match.slice(0, MATCH_CHARS),
    scanner: decision.scanner,
  };
}

/** String fields of a write as the screen takes them: lists flattened to "name[i]", nulls left out. */
export function screenFields(
  fields: Readonly<Record<string, string | readonly string[] | null | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (value == null) continue;
    if (typeof value === 'string') out[name] = value;
    else value.forEach((v, i) => (out[`${name}[${i}]`] = v));
  }
  return out;
}

/** Flattens the string values of a JSON value into "path" → string pairs. */
export function stringLeaves(
  value: unknown,
  path: string,
  out: Record<string, string> = {},
  depth = 0,
): Record<string, string> {
  if (depth > 16 || value == null) return out;
  if (typeof value === 'string') out[path] = value;
  else if (Array.isArray(value)) value.forEach((v, i) => stringLeaves(v, `${path}[${i}]`, out, depth + 1));
  else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const at = path ? `${path}.${k}` : k;
      // A metadata key is written content too.
      if (path) out[`${at}#key`] = k;
      stringLeaves(v, at, out, depth + 1);
    }
  }
  return out;
}
