import { foldChinese } from '@engram/core';
import type { FactDraft } from './draft';
import type { KnownFact } from './clause';
import { valueSpan } from './english-changes';
import { noLonger } from './draft';
import { cleanChineseObject, hasCjk, normalizeValue } from './text';
import { draftForKey } from './value-match';
import { describe } from './describe';
import { compatible, shapeOf } from './value-shape';
import { quantityChanges } from './quantity-changes';
import { routineChanges } from './routine-changes';
import { kindChanges, kindOf } from './kind-changes';
import { ZH_ADV } from './chinese-adverbs';

/**
 * Changes found through the value they end, whatever the slot (English and Chinese). A message
 * that retires a value the user stated before — "Boeing is out, Airbus is in", "not The Office
 * anymore, it's Severance", "left Phoenix for Tucson", "Shopify let me go but I landed a role at
 * Wealthsimple", "Bubbles died … we named him Finn", "滴滴那边我不干了，去了快手", "雪球去年走了" —
 * updates the key of the known fact holding that value: with the value that replaces it (a "from …
 * to", "… for", "… is in" form, a value the rules read from the same message, or a short
 * "it's …"/"现在是…" fragment of the same shape), else as ended. Only a known fact whose value is
 * named (exactly, or by a word of it that no other known fact has) is touched: never one that
 * merely shares a word with the message.
 */

const ARTICLE = /^(?:a|an|the|my|our|their|his|her)\s+/i;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const GENERIC_CJK_SUFFIX = /^(?:银行|公司|集团|大学|学院|学校|医院|中心|手机|汽车|部|组|队|区|市|省|县)$/u;
const NOT_A_VALUE =
  /^(?:it|that|this|them|there|here|home|one|me|us|you|him|her|which|what|who|now|again|too|also|so|the|a|an|over|back|out|in|on|off|up|down|everything|something|nothing|anything|all|both|none|some|more|less)$/i;
const TIME_NOUNS =
  /^(?:a\s+|the\s+)?(?:weekend|week|day|night|month|year|while|bit|trip|vacation|holiday|visit|break|moment|change|living|good|now|ever|sure|real|minute|second|hour)\b/i;

/** The ways a known value is named: whole, without its article, or by a distinctive word of it. */
function variantsOf(k: KnownFact, known: readonly KnownFact[]): string[] {
  const written = (k.object ?? '').trim().replace(ARTICLE, '');
  // the message is matched folded to Simplified; a value kept as written in Traditional is folded too
  const o = hasCjk(written) ? foldChinese(written) : written;
  if (!o || o.length < 2) return [];
  const out = new Set([o]);
  const others = known
    .filter((x) => x !== k && x.key !== k.key)
    .map((x) => `${x.object ?? ''} ${x.content}`.toLowerCase());
  const unique = (w: string) =>
    !others.some((t) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(w.toLowerCase())}(?![\\p{L}\\p{N}])`, 'u').test(t));
  if (hasCjk(o)) {
    // "大众帕萨特" is also "帕萨特"; a generic tail ("银行") never names one bank.
    for (const n of [3, 2]) {
      const tail = o.slice(-n);
      if (o.length >= n + 2 && hasCjk(tail) && !GENERIC_CJK_SUFFIX.test(tail) && !others.some((t) => t.includes(tail)))
        out.add(tail);
    }
    // "下围棋" is also "围棋": an activity is named by its object
    const object = o.replace(/^(?:下|打|弹|踢|玩|练|学|跑|看|听|做|拉|吹|唱|养|种|骑|钓|滑|爬|逛)/u, '');
    if (object !== o && object.length >= 2 && !others.some((t) => t.includes(object))) out.add(object);
    const head = o.replace(/(?:银行|公司|集团|大学|学院)$/u, '');
    if (head !== o && head.length >= 2 && !others.some((t) => t.includes(head))) out.add(head);
    return [...out];
  }
  const words = o.split(/\s+/);
  if (words.length > 1) {
    for (const w of words) if (/^\p{Lu}[\p{L}'’.-]{2,}$/u.test(w) && unique(w)) out.add(w.replace(/[.]+$/, ''));
    const first = words[0]!;
    if (
      /^[a-z]{5,}$/.test(first) &&
      unique(first) &&
      !/^(?:small|little|large|big|used|local|new|old|great|nice|full|part|junior|senior|freelance|high)$/.test(first)
    )
      out.add(first);
    // "black tea" is also named by "tea": the head of a common noun phrase
    const last = words[words.length - 1]!;
    if (
      o === o.toLowerCase() &&
      /^[a-z]{3,}$/.test(last) &&
      unique(last) &&
      !/^(?:team|one|thing|stuff|place|job|work|time|day|week|class|club|group|app|shop|store)$/.test(last)
    )
      out.add(last);
  }
  // "knitting" is also named by "knit", "knitted", "knits"
  const gerund = /^([a-z]{3,})ing$/i.exec(o);
  if (gerund) out.add(gerund[1]!.replace(/([bdgmnprt])\1$/, '$1'));
  return [...out];
}

interface Mention {
  fact: KnownFact;
  start: number;
  end: number;
  /** Named by the activity in the fact's key ("tennis" of user.frequency.play_tennis), not by its value. */
  viaKey?: boolean;
}

/** Routine keys name their activity: "gave up tennis" ends user.frequency.play_tennis ("every weekend"). */
const ROUTINE = /^user\.(?:frequency|schedule|time)\.(.+)$/;
function activityWords(k: KnownFact, known: readonly KnownFact[]): string[] {
  const m = ROUTINE.exec(k.key);
  if (!m) return [];
  const others = known.filter((x) => x.key !== k.key).map((x) => `${x.key} ${x.object ?? ''}`.toLowerCase());
  return m[1]!
    .split('_')
    .filter(
      (w) =>
        (hasCjk(w)
          ? w.length >= 2
          : w.length >= 4 && !/^(?:play|go|going|take|have|with|from|into|over|work|every)$/.test(w)) &&
        !others.some((t) => t.includes(w)),
    );
}

function findMentions(text: string, known: readonly KnownFact[]): Mention[] {
  const out: Mention[] = [];
  for (const k of known) {
    if (!k.object || k.key.split('.')[1] === 'event' || k.key.startsWith('user.event.')) continue;
    for (const v of variantsOf(k, known).sort((a, b) => b.length - a.length)) {
      const re = hasCjk(v)
        ? new RegExp(escape(v), 'gu')
        : // a Latin value in a Chinese message is bounded by Latin letters only ("QQ上个月走了")
          new RegExp(
            `(?<![\\p{Script=Latin}\\p{N}])${escape(v)}(?:[bdgmnprt]?ed|s|ing)?(?![\\p{Script=Latin}\\p{N}])`,
            'giu',
          );
      let m: RegExpExecArray | null;
      let found = false;
      while ((m = re.exec(text))) {
        out.push({ fact: k, start: m.index, end: m.index + m[0].length });
        found = true;
      }
      if (found) break;
    }
    for (const w of activityWords(k, known)) {
      const re = hasCjk(w)
        ? new RegExp(escape(w), 'gu')
        : new RegExp(`(?<![\\p{L}\\p{N}])${escape(w)}(?:s|ing)?(?![\\p{L}\\p{N}])`, 'giu');
      for (const m of text.matchAll(re))
        out.push({ fact: k, start: m.index!, end: m.index! + m[0].length, viaKey: true });
    }
  }
  return out;
}

// ---- English ----

/** Words that may stand between a negation and the value it ends ("not with", "don't live in", "no longer a"). */
const GAP = String.raw`(?:in|at|with|on|for|of|to|into|a|an|the|my|our|using|use|living|live|working|work|based|eating|eat|drinking|drink|playing|play|doing|do|seeing|dating|driving|drive|going|go|fan|member|called|named|studying|study|learning|learn|taking|take|really|even|actually|still|any|more|over|watching|watch|listening|listen|supporting|support|rooting|driving|riding|ride|feel|feeling|into)`;
const EN_BEFORE: RegExp[] = [
  new RegExp(String.raw`(?:\bno\s+longer|\bnot|n't|\bnever|\bnor)\s+(?:${GAP}\s+){0,3}$`, 'i'),
  // "I barely touch Java now", "I hardly ever play tennis anymore": a habit that faded
  new RegExp(
    String.raw`\b(?:barely|hardly|rarely|seldom|almost\s+never)\s+(?:ever\s+)?(?:touch|${GAP})?\s*(?:${GAP}\s+){0,2}$`,
    'i',
  ),
  /\b(?:left|leaving|quit|quitting|sold|selling|closed|closing|deleted|terminated|ended|ditched|dumped|dropped|cancell?ed|cancelling|gave\s+up(?:\s+on)?|giving\s+up(?:\s+on)?|stopped(?:\s+\w+ing)?|(?:moved|moving)\s+(?:out\s+of|off(?:\s+of)?|away\s+from|on\s+from)|got\s+out\s+of|(?:moved|moving|migrated|migrating|switched|switching|came|got|went|taken|took|am|i'm|we're)\s+(?:me\s+|us\s+|it\s+|everything\s+)?off(?:\s+of)?|rehome[ds]?|gave\s+away|traded(?:\s+in)?|swapped(?:\s+out)?|replaced|handed\s+in\s+my\s+notice\s+(?:at|to)|resigned\s+from|retired\s+from|done\s+with|broke\s+up\s+with|split\s+(?:up\s+)?with|divorced|instead\s+of|no\s+more|(?:bye|goodbye|farewell)\s+to|(?:my|our)\s+(?:old|previous|former|ex)[-\s]?|used\s+to\s+(?:\w+\s+){0,3}|from)\s+(?:my\s+|our\s+|the\s+|a\s+|an\s+)?$/i,
];
// "I haven't touched the violin in ages", "after wrapping up Breaking Bad": a pastime left, a show finished
EN_BEFORE.push(
  /n't\s+(?:really\s+)?(?:touched|picked\s+up|played|practi[cs]ed|opened|worn|ridden)\s+(?:my\s+|the\s+|our\s+)?$/i,
  /\b(?:wrapp(?:ed|ing)\s+up|finish(?:ed|ing)\s+(?:watching|reading)|done\s+(?:watching|reading))\s+(?:my\s+|the\s+)?$/i,
);
const EN_AFTER: RegExp[] = [
  /^\s*(?:took|has\s+taken|have\s+taken|is\s+taking)\s+a\s+back\s+seat|^\s*(?:fell|has\s+fallen)\s+by\s+the\s+wayside/i,
  /^\s*(?:'s|’s|is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+|officially\s+|finally\s+|totally\s+|long\s+|so\s+)?(?:out|gone|over|retired|history|done|dead|finished|behind\s+(?:me|us)|in\s+the\s+past|no\s+more|a\s+thing\s+of\s+the\s+past|on\s+(?:pause|hold|ice|the\s+back\s+burner)|cancell?ed|sold|not\s+(?:my|our|the)|no\s+longer)\b/i,
  /^\s*(?:just\s+|finally\s+|sadly\s+)?(?:died|passed(?:\s+away)?|ran\s+away|(?:got|was)\s+(?:stolen|totall?ed|written\s+off|wrecked|repossessed)|broke\s+down\s+for\s+good|let\s+(?:me|us)\s+go|laid\s+(?:me|us)\s+off|fired\s+(?:me|us)|went\s+to\s+(?:my|a|our|the)|is\s+(?:now\s+)?living\s+with|lives\s+with|moved\s+(?:out|away)|left\s+(?:the\s+company|the\s+team|us)|closed|shut\s+down|went\s+(?:bankrupt|under)|got\s+sold|retired|(?:and|&)\s+i\s+(?:have\s+|had\s+)?(?:broke\s+up|split(?:\s+up)?|ended\s+things|are\s+done|are\s+over|divorced|got\s+divorced|separated|called\s+it\s+quits))\b/i,
];
/** "after ten years in Dublin": the old value is left only when a new one is named too. */
const EN_WEAK_BEFORE = /\bafter\s+(?:\w+\s+){1,3}(?:in|at|with)\s+$/i;

const EN_STRUCTURAL_AFTER = /^\s*(?:(?:in|back|up|over|out)\s+)?(?:for|with|onto|to|into|over\s+to|→|->|=>)\s+(.+)$/i;
const EN_OUT_IN = /^\s*(?:'s|’s|is|are)\s+out\s*[,;]?\s*(?:and\s+)?(.+?)\s+(?:is|'s|’s|are)\s+in\b/i;

/** Short statements of a value after the old one ended ("it's Bosch now", "I'm with Zoe now", "pottery is my thing now"). */
const EN_FRAGMENTS: RegExp[] = [
  // "not tea anymore, coffee every morning now": a bare value said to hold now
  /^\s*(?:just\s+|only\s+|mostly\s+)?(\p{L}[\p{L}\p{N}' -]*?)\s+(?:(?:every|each)\s+\w+\s+)?(?:now|these\s+days|nowadays|instead)[.!]*$/iu,
  /\b(?:it'?s|it\s+is|now\s+it'?s|it\s+has\s+become|it\s+became)\s+(?:now\s+)?(?:all|mostly|just|only|exclusively)?\s*(.+)$/i,
  // "pottery is what I do now", "Kotlin is what we use at work"
  /(?:^|[,;.!]\s*)(?:now\s+)?([\p{L}"“][^,;.!]*?)\s+is\s+(?:what|all)\s+(?:i|we)\s+/iu,
  /\b(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:now\s+|currently\s+|officially\s+)?(?:on|with|at|in|into|doing|using|seeing|dating|playing|learning|running|driving|all\s+about|obsessed\s+with|hooked\s+on|really\s+into|big\s+into)\s+(.+)$/i,
  /\b(?:switched|moved|changed|went|upgraded|migrated|transferred|converted|moved\s+over)\s+(?:over\s+)?to\s+(.+)$/i,
  /\b(?:took\s+up|picked\s+up|discovered|got\s+into|fell\s+in\s+love\s+with|started|joined|adopted|married|chose|went\s+with|settled\s+on|signed\s+up\s+(?:for|with)|subscribed\s+to|replaced\s+(?:it|them|him|her)\s+with|landed\s+(?:a\s+)?(?:role|job|position|spot)\s+(?:at|with))\s+(.+)$/i,
  /\b(?:named|called|renamed)\s+(?:him|her|them|it)?\s*(.+)$/i,
  /\b(?:gave\s+me|got\s+me|bought\s+me|got|bought|picked\s+up|ordered)\s+(?:a|an|my)\s+(?:new\s+|shiny\s+|used\s+)?(.+)$/i,
  /\b(?:everything|it|that|the\s+\w+)\s+(?:now\s+)?(?:lives|runs|is\s+hosted|is|sits)\s+(?:on|in)\s+(.+)$/i,
  /\bcall\s+(?:him|her|them|me)\s+(.+)$/i,
  /(?:^|[,;.!]\s*)(?:now\s+)?([\p{L}"“][^,;.!]*?)\s+(?:is|'s|’s)\s+(?:(?:my|our)\s+)?(?:thing|jam|new\s+\w+|home)\b/iu,
  /\b(?:my|our)\s+new\s+[a-z]+,?\s+(?:named\s+|called\s+)?(\p{Lu}[\p{L}'-]+)/u,
  /\b(?:starting|started|start|beginning|began)\s+(?:a\s+new\s+job\s+|work\s+)?(?:at|with)\s+(.+)$/i,
  // "so I've been registered with Dr. Okafor", "they assigned me to Ms. Reyes": the one who takes the role over
  /\b(?:registered|signed\s+(?:up|on)|booked\s+in|transferred|referred|assigned|reassigned|handed\s+over|passed\s+on)\s+(?:me\s+|us\s+)?(?:over\s+)?(?:with|to)\s+(.+)$/i,
  /\b(?:i|we)\s+(?:now\s+)?(?:see|report\s+to|answer\s+to|work\s+under|go\s+to)\s+(\p{Lu}.+)$/iu,
  /(?:^|[,;.!]\s*)(?:now\s+|just\s+)?([\p{Lu}"“][^,;.!]*?)\s+(?:is|'s|’s)\s+in\b/iu,
];

function usableValue(v: string | null | undefined, oldValue: string): v is string {
  if (!v) return false;
  const bare = v.replace(ARTICLE, '').trim();
  if (!bare || NOT_A_VALUE.test(bare) || TIME_NOUNS.test(bare)) return false;
  // "篮球打不了了" leaves "不": a negation or aspect particle is no value
  if (/^(?:不|没|了|着|过)/u.test(bare)) return false;
  if (normalizeValue(bare) === normalizeValue(oldValue.replace(ARTICLE, ''))) return false;
  if (!hasCjk(bare) && bare.split(/\s+/).length > 6) return false;
  return true;
}

/** A person named with a title ends with the name ("Dr. Okafor at the same practice" → "Dr. Okafor"). */
const TITLED = /^((?:Dr|Mr|Mrs|Ms|Mx|Prof)\.?\s+\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)\b/u;
const enValue = (s: string) =>
  valueSpan((TITLED.exec(s.trim())?.[1] ?? s).replace(/^["“]/, '').replace(/["”].*$/, ''))
    .replace(/[\u{1F000}-\u{1FFFF}\u{2600}-\u{27BF}]+.*$/u, '')
    .trim();

// ---- Chinese (matched on Simplified text) ----

const ZH_BEFORE: RegExp[] = [
  /(?:不再|已经不|已不|没有再|没再|不)(?:在|住在?|用|开|养|做|当|是|吃|喝|学|玩|去|支持|喜欢|叫|跑|搞|写)?$/u,
  /(?:离开了?|辞去了?|告别了?|退出了?|卖了|卖掉了?|放弃了?|戒了|退掉了?|取消了?)$/u,
  // 不怎么钓鱼了 / 很少打球了 / 好久没弹吉他了: a habit that faded
  /(?:不怎么|很少|不太|没怎么|好久没|很久没|基本不|几乎不)(?:再)?(?:去|玩|打|弹|做|学|用|吃|喝|看)?$/u,
];
const ZH_AFTER: RegExp[] = [
  new RegExp(
    `^(?:那边|那里|这边|那儿|那家)?(?:我)?${ZH_ADV}(?:不干了|辞职了?|离职了?|(?:被)?调走了|送给.{1,6}?(?:养|照顾)?了|送走了|退休了|升走了|不做了|不去了|不用了|卖了|卖掉了|送人了|走了|去世了|过世了|死了|没了|丢了|放弃了|先放一放|先放放|放下了|暂停了|停了|不跑了|不玩了|不学了|不养了|拜拜了|搬走了|结束了|取消了|不开了|退了)`,
    'u',
  ),
  /^.{0,3}?不.{1,2}了/u,
  // 书法不怎么练了 / 吉他很少弹了 / 围棋基本不下了: a pastime that faded
  /^(?:我)?(?:已经|现在|最近|都|就|也|早就)*(?:不怎么|很少|不太|几乎不|基本不|没怎么)(?:再)?.{1,2}了/u,
  // 球球春天的时候走了 / 那辆车去年就卖了: the end said after when it happened
  new RegExp(`^(?:[^，,。]{1,5}?的时候|${ZH_ADV})(?:就)?(?:走了|去世了|过世了|卖了|卖掉了|没了|丢了|送人了)`, 'u'),
  // 围棋好久没下了 / 钓鱼已经很久没去了: a habit left for a long time
  new RegExp(
    `^(?:我)?${ZH_ADV}(?:好久|很久|好长时间|很长时间|好几个月|几个月|一年多|半年多?)(?:都)?没(?:有)?(?:再)?.{0,2}(?:过)?了`,
    'u',
  ),
];
const ZH_PARTNER = /(?:和|跟|与)$/u;
const ZH_PARTNER_AFTER = /^(?:已经|去年|上个月)?(?:分手|离婚|分开)/u;
// 从X换成/跳槽到/转学到/升级到Y: any verb of change before 到/成 (but not a trip: 从X出差到Y)
const ZH_STRUCTURAL_AFTER =
  /^(?:.{0,4}?)(?:换成了?|改成了?|换到了?|转到了?|迁到了?|迁移到了?|搬到了?|搬去了?|改为|换为|变成了?|改用了?|切换到了?)(.+)$|^(?!.{0,3}(?:出差|旅游|旅行|飞|坐|开车|回来|出发|过来|度假|玩|路过|经过))(?:[\u4e00-\u9fff]{1,2}?)(?:到了?|成了?)(.+)$/u;
const ZH_STRUCTURAL_BEFORE = /(?:从|把)$/u;
const ZH_FRAGMENTS: RegExp[] = [
  /现在(?:的.{1,4}?)?(?:是|叫|在|开|用|做|学|养|支持|改成了?|换成了?|变成了?)(.+)$/u,
  /(?:改(?:学|用|打|玩|做|吃|喝|开|骑|练|跑|听|看|弹|去)|改成了?|换成了?|换了(?:个|一个|一台|一辆|一部|辆|台|部)?|去了|迁到了?|转到了?|调到了?|迷上了?|爱上了?|养了(?:一只|一条|只|条)?|改名叫|改叫|叫|入职了?|加入了?)(.+)$/u,
  // 下周去美团报到 / 下个月去腾讯上班
  /去(.{2,10}?)(?:报到|上班|入职|工作)/u,
  // 新来的领导是王总 / 新的牙医是陈医生: the one named as new in the role
  /(?:新来的|新换的|新的|新)[^是，,]{0,4}是(.+)$/u,
  // 转岗做市场了 / 转行当律师 / 改行做设计
  /(?:转岗|转行|改行|转)(?:做|当|去做)(.+)$/u,
];
const zhValue = (s: string) =>
  cleanChineseObject(
    s
      .split(/[，,。！!？?；;、]/u)[0]!
      .replace(/(?:工作|上班|了|啦|的)$/u, '')
      .replace(/^(?:一只|一条|一个|一台|一辆|个|只|条)/u, ''),
  );

// ---- both ----

export interface ValueChange {
  /** The key of the known fact the message changes. */
  key: string;
  /** The draft that replaces the value (or says it ended). */
  draft: FactDraft;
}

function replacedDraft(k: KnownFact, next: string): FactDraft {
  const object =
    k.key === 'user.vehicle' && !hasCjk(next) && !ARTICLE.test(next)
      ? `${/^[aeiou]/i.test(next) ? 'an' : 'a'} ${next}`
      : next;
  const content = k.object && k.content.includes(k.object) ? k.content.replace(k.object, object) : undefined;
  return draftForKey(k.key, object, 0.85, content ? { content } : {});
}

function endedDraft(k: KnownFact): FactDraft {
  const content = noLonger(k.content);
  return { ...draftForKey(k.key, k.object!, 0.82), positive: false, ...(content ? { content } : {}) };
}

const FAMILY_OF = (key: string) => key.split('.')[1] ?? '';
/** Keys a rule falls back to when it cannot name the slot: a change of a known value may take them over. */
const OPEN_FAMILIES = new Set([
  'does',
  'uses',
  'tool',
  'identity',
  'preference',
  'possession',
  'stack',
  'learning',
  'favourite',
  'frequency',
  'time',
  'count',
]);

/**
 * The changes a message makes to known values. `drafts` are what the clause rules read from the
 * same message (their keys are kept when they already hold the change); the returned drafts are to
 * be added, and `replaces` lists drafts of the message that a change takes over (re-keyed).
 */
export function valueChanges(
  text: string,
  lang: 'en' | 'zh',
  known: readonly KnownFact[],
  drafts: readonly FactDraft[],
  parse: (fragment: string) => FactDraft[],
): { add: FactDraft[]; replaces: Set<FactDraft> } {
  const add: FactDraft[] = [];
  const replaces = new Set<FactDraft>();
  const done = new Set<string>();
  const lower = text === text.toLowerCase();
  const keyOf = (d: FactDraft) => `${d.namespace ?? 'user'}.${d.suffix}`;
  for (const m of findMentions(text, known)) {
    const k = m.fact;
    if (done.has(k.key)) continue;
    const pre = text.slice(Math.max(0, m.start - 80), m.start);
    const post = text.slice(m.end, m.end + 160);
    const retired = lang === 'en' ? enRetirement(pre, post) : zhRetirement(pre, post);
    if (!retired) continue;
    done.add(k.key);
    if (m.viaKey) {
      if (drafts.some((d) => keyOf(d) === k.key)) continue;
      // "Coffee is out, matcha is in": the routine goes on with the new activity
      const named = text.slice(m.start, m.end);
      const next = retired.structural && usableValue(retired.structural, named) ? retired.structural : null;
      const content = next ? k.content.replace(new RegExp(escape(named), 'i'), next) : null;
      // the object names the new activity too, or the change would read as a restatement of the old one
      add.push(
        content && content !== k.content
          ? draftForKey(k.key, `${next} ${k.object!}`, 0.82, { content })
          : endedDraft(k),
      );
      continue;
    }
    // The clause rules already hold a new value for this key: nothing to add.
    if (drafts.some((d) => d.positive && keyOf(d) === k.key && normalizeValue(d.object) !== normalizeValue(k.object!)))
      continue;
    let next: string | null = null;
    if (retired.structural) next = retired.structural;
    if (next && !usableValue(next, k.object!)) next = null;
    if (!next) {
      // A value the rules read from the same message, in an open slot or the same one, of the same shape.
      const d = drafts.find(
        (x) =>
          x.positive &&
          !replaces.has(x) &&
          keyOf(x) !== k.key &&
          (OPEN_FAMILIES.has(x.suffix.split('.')[0]!) || x.suffix.split('.')[0] === FAMILY_OF(k.key)) &&
          !known.some((y) => y.key === keyOf(x)) &&
          usableValue(x.object, k.object!) &&
          compatible(k.object!, x.object, lower),
      );
      if (d) {
        replaces.add(d);
        // a pet of another kind takes the old one's place, said as the new one is ("養了一隻貓，叫奶茶")
        if (k.key.startsWith('user.pet.') && d.suffix.startsWith('pet.') && `user.${d.suffix}` !== k.key) {
          add.push(
            draftForKey(k.key, d.object, 0.85, {
              content: d.content ?? describe(d.suffix, d.object, true, lang, d.label),
            }),
          );
          continue;
        }
        add.push(replacedDraft(k, d.object));
        continue;
      }
      next = fragmentValue(text, m, lang, k.object!, lower, parse);
    }
    if (next) add.push(replacedDraft(k, next));
    else if (!retired.weak && !drafts.some((d) => !d.positive && keyOf(d) === k.key)) add.push(endedDraft(k));
  }
  // A new amount in the unit of one known value ("down to 81 kg", "瘦到70公斤").
  const held = new Set([...done, ...add.map(keyOf), ...drafts.filter((d) => d.positive).map(keyOf)]);
  for (const q of quantityChanges(text, lang, known, held)) {
    for (const d of drafts)
      if (d.positive && keyOf(d) !== q.key && normalizeValue(d.object).includes(normalizeValue(q.value)))
        replaces.add(d);
    add.push(q.draft);
    held.add(q.key);
  }
  // A routine said again with a new time or frequency ("my gym sessions are at 6 pm now", "每天都跑步").
  for (const r of routineChanges(text, lang, known, held)) {
    const v = normalizeValue(r.value);
    for (const d of drafts)
      if (
        d.positive &&
        keyOf(d) !== r.key &&
        !known.some((k) => k.key === keyOf(d)) &&
        (normalizeValue(d.object).includes(v) || normalizeValue(d.content ?? '').includes(v))
      )
        replaces.add(d);
    add.push(r.draft);
    held.add(r.key);
  }
  // A new thing of a known value's kind, said with a marker of change ("moved everything over to VS Code", "改学德文").
  // (a replacement of another kind found above — "shot so" for a sport — gives way)
  const positive = new Set(add.filter((d) => d.positive && kindOf(d.object)).map(keyOf));
  for (const c of kindChanges(text, lang, known, drafts, positive)) {
    const v = normalizeValue(c.value);
    for (const d of drafts)
      if (
        d.positive &&
        ((keyOf(d) !== c.key && !known.some((k) => k.key === keyOf(d)) && normalizeValue(d.object).includes(v)) ||
          keyOf(d) === c.key)
      )
        replaces.add(d);
    for (let i = add.length - 1; i >= 0; i--) if (keyOf(add[i]!) === c.key && add[i]!.positive) add.splice(i, 1);
    add.push(c.draft);
  }
  return { add, replaces };
}

function enRetirement(pre: string, post: string): { structural: string | null; weak: boolean } | null {
  const clausePre = pre.split(/[.;!?]\s+|,\s+(?=(?:and|but|so)\b)/).pop() ?? pre;
  // "my brother left Google": someone else's change
  const other =
    /\b(?:[Hh]e|[Ss]he|[Tt]hey|[Mm]y\s+(?:brother|sister|friend|wife|husband|mom|mum|dad|mother|father|son|daughter|boss|partner|colleague|coworker|co-worker|roommate|neighbou?r)|(?!(?:I|My|We|Our|So|And|But|Now|Then|Just|Also|Well|Oh|Ugh|Finally|Sadly|Big|Quick|Heads|Guess|After|Since|Today|Yesterday|Last|This)\b)[A-Z][a-z]+)\s+(?:\w+\s+){0,2}(?:left|quit|sold|ditched|dropped|moved|gave|stopped|traded|swapped|replaced|divorced)\b(.*)$/.exec(
      clausePre,
    );
  // "my brother left Google": someone else's change, unless it was done to the user ("my doctor moved me off …")
  // ("my wife and I left Phoenix" is the user's own)
  if (other && !/\b(?:me|us|my|our)\b/i.test(other[1]!) && !/\b(?:and|&)\s+I\b/.test(other[0])) return null;
  const out = EN_OUT_IN.exec(post);
  if (out) return { structural: enValue(out[1]!), weak: false };
  const corrected = enCorrection(clausePre, post);
  if (corrected) return { structural: corrected, weak: false };
  const before = EN_BEFORE.some((r) => r.test(clausePre));
  const after = EN_AFTER.some((r) => r.test(post));
  const weak = EN_WEAK_BEFORE.test(clausePre);
  const fromLike =
    /\b(?:from|left|leaving|traded(?:\s+in)?|swapped(?:\s+out)?|replaced|ditched|dropped|off(?:\s+of)?|quit)\s+(?:my\s+|our\s+|the\s+|a\s+|an\s+)?$/i.test(
      clausePre,
    );
  const s = fromLike ? EN_STRUCTURAL_AFTER.exec(post) : null;
  // "from" alone ("I'm from Ohio") retires nothing: only "from X to Y" does.
  if (/\bfrom\s+(?:my\s+|our\s+|the\s+)?$/i.test(clausePre) && !s)
    return after ? { structural: null, weak: false } : null;
  // "moved hosting off Heroku onto AWS", "swapped the Corolla for a Tesla": the old value left for a new one
  if (!before && !after && !weak && !s) return null;
  return { structural: s ? enValue(s[1]!) : null, weak: weak && !before && !after && !s };
}

/**
 * A correction sets the right value against the old one: "Y, not X", "it's Y I'm allergic to, not X",
 * "not X but Y", "not X: it's Y". The value said beside "not" is the new one.
 */
function enCorrection(clausePre: string, post: string): string | null {
  if (!/\bnot\s+(?:a\s+|an\s+|the\s+|my\s+)?$/i.test(clausePre)) return null;
  const NOT = String.raw`,?\s+(?:and\s+)?not\s+(?:a\s+|an\s+|the\s+|my\s+)?$`;
  const value = (m: RegExpExecArray | null) => {
    const v = m?.[1] ? enValue(m[1].replace(/^(?:(?:actually|really|now|just|in\s+fact)\s+)+/i, '')) : null;
    return v && !/^(?:i|we|it|that|this|but|and|so)$/i.test(v) && !/^(?:i|we)\s/i.test(v) ? v : null;
  };
  const beside =
    value(
      new RegExp(String.raw`\b(?:it\s+is|it's|its)\s+([^,;:]{1,40}?)\s+(?:that\s+)?(?:i|we)\b[^,;:]*` + NOT, 'i').exec(
        clausePre,
      ),
    ) ??
    value(
      new RegExp(
        String.raw`^.*\b(?:is|am|are|was|were|'s|'m|'re|to|in|at|with|for|on|as|called|named)\s+([^,;:—–]{1,40}?)` +
          NOT,
        'i',
      ).exec(clausePre),
    );
  if (beside) return beside;
  const then = value(
    /^[^,;:.]{0,40}?(?:,\s*|:\s*|\s+)(?:but|it\s+is|it's|rather|instead|(?:his|her|its|their|my|our)\s+[a-z]+\s+(?:is|are))\s+(?:actually\s+|really\s+)?(?:(?:it\s+is|it's)\s+)?([^,;.!?]+)/i.exec(
      post,
    ),
  );
  return (
    then ??
    value(new RegExp(String.raw`(?:^|[:—–]\s*)(?:but\s+|and\s+|so\s+)?([^,;:—–]{1,40}?)` + NOT, 'i').exec(clausePre))
  );
}

/** 不是X，(而)是Y / 是Y，不是X: the value the correction sets against the old one. */
function zhCorrection(clausePre: string, post: string): string | null {
  if (!/不是$/u.test(clausePre)) return null;
  const then = /^[，,、\s]*(?:而|其实|实际上|我)?(?:是|在|住在|叫)(.+)$/u.exec(post.split(/[。！!？?；;]/u)[0]!);
  const after = /^[^，,]{0,12}?[，,]\s*(?:而|其实|实际上|我)?(?:是|在|住在|叫)([^，,。！？]+)/u.exec(post);
  const before = /(?:是|在|住在|叫)([^，,。！？是]{1,16})[，,]\s*(?:而)?不是$/u.exec(clausePre);
  const v = (before ?? then ?? after)?.[1];
  return v ? zhValue(v) || null : null;
}

function zhRetirement(pre: string, post: string): { structural: string | null; weak: boolean } | null {
  const clausePre = pre.split(/[。！？!?；;]/u).pop() ?? pre;
  const near = clausePre.slice(-8);
  const corrected = zhCorrection(clausePre, post);
  if (corrected) return { structural: corrected, weak: false };
  if (
    /(?:他|她|他们|我(?:哥|姐|弟|妹|妈|爸|朋友|同事|老板|老公|老婆))(?:已经|也)?(?:离开了?|卖了|放弃了?|辞去了?)$/u.test(
      near,
    )
  )
    return null;
  if (ZH_STRUCTURAL_BEFORE.test(near)) {
    const s = ZH_STRUCTURAL_AFTER.exec(post);
    return s ? { structural: zhValue(s[1] ?? s[2]!), weak: false } : null;
  }
  if (ZH_PARTNER.test(near) && ZH_PARTNER_AFTER.test(post)) return { structural: null, weak: false };
  const before = ZH_BEFORE.some((r) => r.test(near));
  const after = ZH_AFTER.some((r) => r.test(post.split(/[，,。！!？?；;]/u)[0]!));
  if (!before && !after) return null;
  return { structural: null, weak: false };
}

/** The value a later (or earlier) fragment of the message states, of the old value's shape. */
function fragmentValue(
  text: string,
  m: Mention,
  lang: 'en' | 'zh',
  oldValue: string,
  lower: boolean,
  parse: (fragment: string) => FactDraft[],
): string | null {
  const parts =
    lang === 'en'
      ? text.split(
          /(?<!\b[A-Z]\.|\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|St|Mt|Jr|Sr|Rev|Fr)\.)(?<=[.;!?])\s+|,\s+|\s+[—–-]\s+|\s+(?:and|but|so)\s+(?=(?:now|i|we|it|i'm|we're|it's)\b)/i,
        )
      : text.split(/[，,。！!？?；;]/u);
  let offset = 0;
  const spans = parts.map((p) => {
    const at = text.indexOf(p, offset);
    offset = at + p.length;
    return { p, at };
  });
  // "our new puppy, Luna", "named him Finn": a name set off by a comma after the old value
  if (lang === 'en') {
    const rest = text.slice(m.end);
    const ap =
      /\b(?:my|our)\s+new\s+[a-z]+,?\s+(?:named\s+|called\s+)?(\p{Lu}[\p{L}'-]+)/u.exec(rest) ??
      /\b(?:named|called)\s+(?:him|her|it|them)\s+(\p{Lu}[\p{L}'-]+)/u.exec(rest);
    if (ap && usableValue(ap[1], oldValue) && compatible(oldValue, ap[1]!, lower)) return ap[1]!;
  }
  // Clauses after the old value first, then the ones before it ("I'm with Zoe now, Hannah and I ended things").
  const after = spans.filter((s) => s.at + s.p.length > m.end);
  const before = spans.filter((s) => s.at + s.p.length <= m.start).reverse();
  for (const { p, at } of [...after, ...before]) {
    const around = at <= m.start && at + p.length >= m.end;
    for (const local of around ? [text.slice(m.end, at + p.length), text.slice(at, m.start)] : [p]) {
      for (const re of lang === 'en' ? EN_FRAGMENTS : ZH_FRAGMENTS) {
        const f = re.exec(local);
        if (!f) continue;
        const v = lang === 'en' ? enValue(f[1]!) : zhValue(f[1]!);
        if (
          usableValue(v, oldValue) &&
          compatible(oldValue, v, lower) &&
          (lang === 'zh' || !/^(?:i|we|my|our)\b/i.test(v))
        )
          return v;
      }
      // The fragment read as a statement of its own ("starting at KPMG on Monday", "现在做产品经理").
      for (const d of parse(local)) {
        if (d.positive && usableValue(d.object, oldValue) && compatible(oldValue, d.object, lower)) return d.object;
      }
    }
  }
  return null;
}

export const __test = { variantsOf, findMentions, enRetirement, zhRetirement, fragmentValue, shapeOf };
