import type { Candidate } from './candidates';
import { DEFAULT_INTENT_CONFIG, type IntentWeightConfig } from './intent-config';

/** What a query asks for beyond its topic (R9 intent weighting). Several may hold at once. */
export interface QueryIntent {
  /** The current state: "now", "currently", "latest", "still", "现在", "目前", "最近", "还". */
  freshness: boolean;
  /** A point in time: "when", "what date", "什么时候", "哪天". */
  temporal: boolean;
  /** Likes and dislikes: "prefer", "favorite", "like", "喜欢", "偏好". */
  preference: boolean;
  /** The user's identity or profile: "who am I", "my name", "我叫", "我的工作". */
  identity: boolean;
  /** An earlier state: "used to", "before", "previously", "以前", "原来": superseded values are wanted too. */
  past: boolean;
}

const FRESHNESS_EN =
  /\b(?:now|nowadays|currently|current|latest|newest|most recent(?:ly)?|recently|lately|these days|at the moment|at present|still|anymore|any more|up to date)\b/;
// 还 alone means "still"; in 还是 / 还有 / 还要 … it is "or", "also", "want" and says nothing about time.
const FRESHNESS_ZH = /现在|目前|最近|当前|如今|眼下|最新|这些天|这段时间|近来|仍然|仍旧|依然|还(?![是有要好行给钱原])/u;

const TEMPORAL_EN =
  /\b(?:when|what (?:date|day|time|year|month)|which (?:date|day|year|month)|how long ago|since when|what time)\b/;
const TEMPORAL_ZH = /什么时候|哪天|哪一天|几号|几月|哪年|哪一年|何时|多久以前|几点|什么日子|哪个月|哪一月/u;

// "like" also compares ("looks like", "something like this") and asks ("would you like"): drop those first.
const LIKE_NOT_PREFERENCE =
  /\b(?:looks?|looked|sounds?|seems?|feels?|felt|would|something|anything|things?|just) like\b|\blike (?:this|that|these|those)\b/g;
const PREFERENCE_EN =
  /\b(?:prefers?|preferred|preferences?|favou?rites?|likes?|liked|loves?|loved|enjoys?|enjoyed|dislikes?|disliked|hates?|hated|fond of)\b/;
const PREFERENCE_ZH = /喜欢|偏好|爱吃|爱喝|爱看|爱听|爱好|最爱|偏爱|口味|讨厌|倾向于|更愿意|中意/u;

const PAST_EN =
  /\b(?:used to|previous(?:ly)?|former(?:ly)?|formerly|originally|before (?:that|then|moving|switching|joining|leaving)|back then|in the past|earlier|prior|old (?:job|city|address|number|email|phone|car|school|employer|company|name|boss|manager|team|home|place)|(?:in|during|since|until) (?:19|20)\d{2}|history|\w+ (?:did|was) (?:the user|i|he|she|they) .* before)\b/;
const PAST_ZH = /以前|之前|原来|原先|曾经|過去|过去|当初|當初|从前|從前|旧的|舊的|上一[个份家任]|前任|[12]\d{3}年/u;

const IDENTITY_EN =
  /\b(?:who am i|what am i called|my (?:full )?name|about me|how old am i|my age|my birthday|where (?:do|did) i (?:live|grow up|come from|work)|where am i from|what do i do|my (?:job|occupation|profession|email|phone(?: number)?|address|hometown|nationality|wife|husband|partner|kids|children))\b/;
const IDENTITY_ZH =
  /我叫|我是谁|我的名字|我多大|我几岁|我的年龄|我的生日|我住在?哪|我的工作|我的职业|我是做什么|我在哪[里儿]?工作|我来自哪|关于我|我的邮箱|我的电话|我老家/u;

/** Detects a query's intents from its wording (English and Chinese). */
export function detectQueryIntent(query: string): QueryIntent {
  const q = query.normalize('NFKC').toLowerCase().replace(/[’‘]/g, "'");
  return {
    freshness: FRESHNESS_EN.test(q) || FRESHNESS_ZH.test(q),
    temporal: TEMPORAL_EN.test(q) || TEMPORAL_ZH.test(q),
    preference: PREFERENCE_EN.test(q.replace(LIKE_NOT_PREFERENCE, ' ')) || PREFERENCE_ZH.test(q),
    identity: IDENTITY_EN.test(q) || IDENTITY_ZH.test(q),
    past: PAST_EN.test(q) || PAST_ZH.test(q),
  };
}

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const WEEKDAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const DATE_EN = new RegExp(
  [
    String.raw`\b\d{4}-\d{2}-\d{2}\b`,
    String.raw`\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b`,
    String.raw`\b${MONTH}\.? \d{1,2}(?:st|nd|rd|th)?\b`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)? (?:of )?${MONTH}\b`,
    String.raw`\b(?:in|since|by|from|until) (?:19|20)\d{2}\b`,
    String.raw`\b(?:yesterday|today|tomorrow|tonight)\b`,
    String.raw`\b(?:last|next|this) (?:week|weekend|month|year|night|${WEEKDAY})\b`,
    String.raw`\b(?:on|last|next) ${WEEKDAY}\b`,
    String.raw`\b\d+ (?:days?|weeks?|months?|years?) ago\b`,
  ].join('|'),
);
const DATE_ZH =
  /\d{1,4}\s*年|\d{1,2}\s*月\s*\d{1,2}\s*[日号]|[一二三四五六七八九十]{1,2}月|昨天|今天|明天|前天|后天|上周|下周|上个月|下个月|去年|今年|明年|星期[一二三四五六日天]|周[一二三四五六日]/u;

/** Whether a document carries a date: a fact's time hint, an event, or a date written in its text. */
export function carriesDate(c: Candidate): boolean {
  const hint = c.metadata.timeHint;
  if (typeof hint === 'string' && hint.trim() !== '') return true;
  if (c.metadata.memoryKind === 'event') return true;
  const text = c.content.normalize('NFKC').toLowerCase();
  return DATE_EN.test(text) || DATE_ZH.test(text);
}

/** A memory the user's likes or dislikes are recorded in: by tag, key segment or fact predicate. */
export function isPreferenceMemory(c: Candidate, cfg: Pick<IntentWeightConfig, 'preferenceTags'>): boolean {
  if (c.kind !== 'memory') return false;
  const marks = new Set(cfg.preferenceTags);
  if (c.tags.some((t) => marks.has(t.toLowerCase()))) return true;
  if (
    c.key &&
    c.key
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .some((seg) => marks.has(seg))
  )
    return true;
  const predicate = c.metadata.predicate;
  return typeof predicate === 'string' && marks.has(predicate.toLowerCase());
}

const DAY_MS = 86_400_000;

/**
 * R9: a multiplier per candidate id (1 = neutral, within [minWeight, maxWeight]) for the intent
 * detected in the query. Apply it at the R7 stage: final = fused × effective importance × weight.
 */
export function intentWeights(
  query: string,
  candidates: readonly Candidate[],
  now: Date,
  cfg: IntentWeightConfig = DEFAULT_INTENT_CONFIG,
  opts: { asOf?: boolean } = {},
): Map<string, number> {
  return weightsForIntent(detectQueryIntent(query), candidates, now, cfg, opts);
}

/** The same as `intentWeights`, for an intent already detected. */
export function weightsForIntent(
  intent: QueryIntent,
  candidates: readonly Candidate[],
  now: Date,
  cfg: IntentWeightConfig = DEFAULT_INTENT_CONFIG,
  opts: { asOf?: boolean } = {},
): Map<string, number> {
  const out = new Map<string, number>();
  const nowMs = now.getTime();
  // Freshness is relative to the newest competitor (never later than now), not to the clock, so an
  // old conversation's latest statement still wins over its earlier ones.
  let newest = -Infinity;
  if (intent.freshness) {
    for (const c of candidates) {
      const t = Date.parse(c.at);
      if (Number.isFinite(t)) newest = Math.max(newest, Math.min(t, nowMs));
    }
  }
  for (const c of candidates) {
    let w = 1;
    if (intent.freshness) {
      const t = Date.parse(c.at);
      if (Number.isFinite(t) && Number.isFinite(newest)) {
        const behindDays = Math.max(0, newest - Math.min(t, nowMs)) / DAY_MS;
        w *= 1 + (cfg.freshnessBoost - 1) * 0.5 ** (behindDays / cfg.freshnessHalfLifeDays);
      }
      // As of a time, the values valid then are the current ones, superseded since or not.
      if (c.supersededBy !== null && !opts.asOf) w *= cfg.supersededWeight;
    }
    if (intent.temporal && carriesDate(c)) w *= cfg.datedBoost;
    if (intent.preference && isPreferenceMemory(c, cfg)) w *= cfg.preferenceBoost;
    if (intent.identity && c.kind === 'memory' && c.type === 'USER') w *= cfg.identityBoost;
    out.set(c.id, Math.min(cfg.maxWeight, Math.max(cfg.minWeight, w)));
  }
  return out;
}
