import { foldChinese } from '@engram/core';
import type { KnownFact } from './clause';
import type { FactDraft } from './draft';
import { categoryOf, exactCategoryOf, INSTRUMENTS, SPORTS } from './lexicon';
import { hasCjk, normalizeValue } from './text';
import { draftForKey } from './value-match';

/**
 * A new thing of the kind of a known value, said with a marker of change or of the present, is
 * that value's change whatever the sentence: "moved everything over to VS Code" for user.editor =
 * Sublime Text, "I've taken up the saxophone instead" for user.instrument = violin, "前端我们已经全部
 * 改用React了" for a known Vue, "法文太难了，我改学德文了" for user.learning.法文. The kind comes from the
 * lexicon (editor, OS, browser, database, framework, language, instrument, sport …), never from
 * shared words. Kinds a person holds one at a time need a marker only; kinds people have several
 * of (instruments, sports, languages, frameworks) also need the message to say the new one replaces
 * (instead, switched, 改, the old value named). Only when one known key holds a value of that kind.
 */

/** Slots whose values are places, organisations or people, whatever their names also denote ("Phoenix" the city). */
const PERSONAL =
  /^user\.(?:residence|employer|occupation|name|nickname|surname|partner|family|pet|school|contact|birthday|age|hometown|nationality)\b/;
const ONE_AT_A_TIME = new Set(['editor', 'operating_system', 'browser', 'database', 'laptop', 'phone', 'shell']);

const ZH_INSTRUMENTS = [
  '钢琴',
  '吉他',
  '小提琴',
  '大提琴',
  '中提琴',
  '尤克里里',
  '萨克斯',
  '长笛',
  '笛子',
  '古筝',
  '二胡',
  '琵琶',
  '架子鼓',
  '电子琴',
  '贝斯',
  '口琴',
  '手风琴',
  '单簧管',
  '小号',
  '竖琴',
];
const ZH_SPORTS = [
  '网球',
  '羽毛球',
  '乒乓球',
  '篮球',
  '足球',
  '排球',
  '高尔夫',
  '棒球',
  '壁球',
  '匹克球',
  '橄榄球',
  '台球',
  '保龄球',
  '板球',
  '曲棍球',
  '手球',
];
const EN_LANGUAGES = new Set(
  'english french german spanish italian portuguese dutch swedish norwegian danish finnish polish czech russian ukrainian greek turkish arabic hebrew persian hindi urdu bengali tamil japanese korean mandarin cantonese chinese vietnamese thai indonesian malay tagalog swahili'.split(
    ' ',
  ),
);
const ZH_LANGUAGE = /(?:英|日|韩|法|德|俄|西班牙|意大利|葡萄牙|阿拉伯|泰|越南|粤|荷兰|希腊|土耳其)(?:语|文)/gu;

const PHONE_MODEL = /^(?:\d+\w*|pro|max|ultra|plus|mini|se|lite|fold\d*|flip\d*|[a-z]{1,2}\d+\w*)$/i;

/** The kind of exactly this name (never of a longer phrase that starts with one: "rust red" is a colour), or null. */
export function kindOf(value: string): string | null {
  const v = value
    .replace(/^(?:a|an|the|my|our)\s+/i, '')
    .trim()
    .toLowerCase();
  if (!v) return null;
  if (INSTRUMENTS.has(v) || ZH_INSTRUMENTS.includes(v)) return 'instrument';
  if (SPORTS.has(v) || ZH_SPORTS.includes(v)) return 'sport';
  if (EN_LANGUAGES.has(v) || new RegExp(`^${ZH_LANGUAGE.source}$`, 'u').test(foldChinese(v))) return 'language';
  const exact = exactCategoryOf(v);
  if (exact) return exact;
  // a phone by brand and model ("Pixel 9", "华为Mate60"), no more words
  const [brand, ...model] = v.split(/\s+/);
  if (
    categoryOf(v) === 'phone' &&
    (hasCjk(v) || (categoryOf(brand!) === 'phone' && model.every((w) => PHONE_MODEL.test(w))))
  )
    return 'phone';
  return null;
}

/** Things named in a text, longest first at each position: up to three Latin words, lexicon CJK words, CJK language names. */
function namedThings(text: string): Array<{ value: string; kind: string; index: number }> {
  const out: Array<{ value: string; kind: string; index: number }> = [];
  const words = [...text.matchAll(/[A-Za-z0-9][A-Za-z0-9+#.'-]*/g)];
  for (let i = 0; i < words.length; i++) {
    for (let n = 3; n >= 1; n--) {
      if (i + n > words.length) continue;
      const span = words.slice(i, i + n);
      if (/^(?:a|an|the|my|our)$/i.test(span[0]![0])) continue;
      const start = span[0]!.index!;
      const last = span[span.length - 1]!;
      const raw = text.slice(start, last.index! + last[0].length).replace(/[.'-]+$/, '');
      // the words must be adjacent (one space), not across a comma
      if (/[,;:!?]/.test(raw) || /\s{2,}/.test(raw)) continue;
      // "Phoenix ran out" is no framework: the span must be a name itself
      const kind = kindOf(raw);
      if (kind) {
        out.push({ value: raw, kind, index: start });
        i += n - 1;
        break;
      }
    }
  }
  const folded = foldChinese(text);
  for (const w of [...ZH_INSTRUMENTS, ...ZH_SPORTS].sort((a, b) => b.length - a.length)) {
    for (let at = folded.indexOf(w); at >= 0; at = folded.indexOf(w, at + w.length))
      if (!out.some((o) => at >= o.index && at < o.index + o.value.length))
        out.push({ value: text.slice(at, at + w.length), kind: kindOf(w)!, index: at });
  }
  for (const m of folded.matchAll(new RegExp(ZH_LANGUAGE.source, 'gu')))
    out.push({ value: text.slice(m.index!, m.index! + m[0].length), kind: 'language', index: m.index! });
  return out.sort((a, b) => a.index - b.index);
}

const EN_MARK =
  /\b(?:switch(?:ed|ing)?|mov(?:ed|ing)|migrat(?:ed|ing)|chang(?:ed|ing)|convert(?:ed|ing)|port(?:ed|ing)|upgrad(?:ed|ing)|went|gone|taken\s+up|took\s+up|picked\s+up|started|installed|put|now|these\s+days|nowadays|lately|instead|main|primary|go-to|anymore|any\s+more|no\s+more|all\s+about|rewr(?:ote|iting|itten))\b/i;
const EN_REPLACES =
  /\b(?:instead|switch(?:ed|ing)|swapp?(?:ed|ing)|replac(?:ed|ing)|mov(?:ed|ing)\s+(?:\w+\s+){0,2}(?:over\s+)?to|migrat(?:ed|ing)|main|primary|no\s+more|anymore|any\s+more|(?:is|are)\s+out|rewr(?:ote|iting|itten))\b/i;
const EN_ADDITIVE = /\b(?:also|too|as\s+well|besides|on\s+top\s+of)\b/i;
const EN_NOT_ASSERTED =
  /\b(?:if|would|could|should|want|wants|wanted|hope|hoping|plan|planning|thinking\s+(?:of|about)|considering|might|maybe|whether|or)\b|\?/i;
const EN_SOMEONE_ELSE =
  /^\s*(?:(?:my|our)\s+(?:sister|brother|wife|husband|partner|son|daughter|kids?|mom|mum|dad|friend|boss|colleague|co-?worker|roommate|flatmate)|he|she|they)\b/i;
const ZH_MARK = /(?:改|换|现在|如今|目前|最近|开始|迷上|爱上|转|都用|只用|主要用)/u;
const ZH_REPLACES = /(?:改|换|转|不再|放下|放弃|停了|不.了|没.了|太难|取代)/u;
const ZH_ADDITIVE = /(?:也|还|另外|同时)/u;
const ZH_NOT_ASSERTED = /(?:如果|要是|想|希望|打算|计划|考虑|要不要|是否|还是|吗|呢|[？?])/u;
const ZH_SOMEONE_ELSE = /^(?:他|她|他们|我(?:的)?(?:儿子|女儿|老公|老婆|妈|爸|朋友|同事|哥|姐|弟|妹))/u;

const clausesOf = (text: string, lang: 'en' | 'zh') => {
  const parts = lang === 'en' ? text.split(/(?<=[.;!?])\s+|;\s*/) : text.split(/[。！？!?；;]/u);
  let offset = 0;
  return parts.map((p) => {
    const at = text.indexOf(p, offset);
    offset = at + p.length;
    return { text: p, at };
  });
};

export function kindChanges(
  text: string,
  lang: 'en' | 'zh',
  known: readonly KnownFact[],
  drafts: readonly FactDraft[],
  taken: ReadonlySet<string>,
): Array<{ key: string; draft: FactDraft; value: string }> {
  const out: Array<{ key: string; draft: FactDraft; value: string }> = [];
  const holders = new Map<string, KnownFact[]>();
  for (const k of known) {
    if (!k.object || k.key.includes('.event.') || taken.has(k.key) || PERSONAL.test(k.key)) continue;
    const kind = kindOf(k.object) ?? (ONE_AT_A_TIME.has(k.key.split('.').pop()!) ? k.key.split('.').pop()! : null);
    if (!kind) continue;
    const list = holders.get(kind) ?? [];
    if (!list.some((x) => x.key === k.key)) list.push(k);
    holders.set(kind, list);
  }
  if (holders.size === 0) return out;
  const folded = lang === 'zh' ? foldChinese(text) : text;
  for (const c of clausesOf(text, lang)) {
    const clause = lang === 'zh' ? foldChinese(c.text) : c.text;
    if ((lang === 'en' ? EN_NOT_ASSERTED : ZH_NOT_ASSERTED).test(clause)) continue;
    if ((lang === 'en' ? EN_SOMEONE_ELSE : ZH_SOMEONE_ELSE).test(clause)) continue;
    if (!(lang === 'en' ? EN_MARK : ZH_MARK).test(clause)) continue;
    if ((lang === 'en' ? EN_ADDITIVE : ZH_ADDITIVE).test(clause)) continue;
    for (const thing of namedThings(c.text)) {
      const list = holders.get(thing.kind);
      if (!list || list.length !== 1) continue;
      const k = list[0]!;
      if (out.some((o) => o.key === k.key)) continue;
      const old = lang === 'zh' ? foldChinese(k.object!) : k.object!;
      const next = lang === 'zh' ? foldChinese(thing.value) : thing.value;
      // the old value itself, or a part of its name ("React" of "React Native")
      const bareOld = normalizeValue(old.replace(/^(?:a|an|the)\s+/i, ''));
      if (bareOld === normalizeValue(next) || ` ${bareOld} `.includes(` ${normalizeValue(next)} `)) continue;
      // a value the clause rules already hold for this key
      if (drafts.some((d) => d.positive && `${d.namespace ?? 'user'}.${d.suffix}` === k.key && kindOf(d.object)))
        continue;
      if (!ONE_AT_A_TIME.has(thing.kind)) {
        const oldNamed = hasCjk(old)
          ? folded.includes(old)
          : new RegExp(
              `\\b${old.replace(/^(?:a|an|the)\s+/i, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`,
              'i',
            ).test(text);
        if (!oldNamed && !(lang === 'en' ? EN_REPLACES : ZH_REPLACES).test(lang === 'en' ? text : folded)) continue;
      }
      const said = lang === 'zh' ? foldChinese(k.content) : k.content;
      const content = said.includes(old) ? said.replace(old, next) : undefined;
      out.push({ key: k.key, value: next, draft: draftForKey(k.key, next, 0.83, content ? { content } : {}) });
    }
  }
  return out;
}
