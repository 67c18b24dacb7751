import { analyzeContent, BLOCK_SCORE, SCANNER_VERSION, verdictOf, type ScanAnalysis, type ScanVerdict } from './content-scanner';
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

export interface ContentScreenOptions {
  policy?: ScanPolicy;
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

  constructor(opts: ContentScreenOptions = {}) {
    this.policy = opts.policy ?? 'block';
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
    for (const [field, text] of Object.entries(fields)) {
      const analysis = analyzeContent(text);
      highest = Math.max(highest, analysis.score);
      const verdict = analysis.hidden ? verdictOf(analysis) : await this.judge(text, analysis, (used) => (scanner = used));
      if (!verdict.ok) {
        refused = { ...verdict, field };
        break;
      }
    }
    if (!refused) return { action: 'accept', score: highest, scanner, flagged: null };
    if (refused.code === 'CONTENT_BLOCKED_INVISIBLE_UNICODE' || this.policy === 'block') return { action: 'reject', verdict: refused, field: refused.field, scanner };
    if (this.policy === 'quarantine') {
      return { action: opts.quarantine === false ? 'reject' : 'quarantine', verdict: refused, field: refused.field, scanner };
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
    return { ...forced, intents: intent && !forced.intents.includes(intent) ? [intent, ...forced.intents] : forced.intents, reason: `${forced.reason}; judged an injection by ${this.classifier.id} (confidence ${opinion.confidence.toFixed(2)})` };
  }
}
