/**
 * Absolute and relative date/time expressions in English and Chinese, resolved against the time the
 * message was said. Output is ISO-like with the precision the phrase had: "2024", "2024-03",
 * "2024-03-05" or "2024-03-05T15:30".
 */
import { wordTable } from '@engram/core';
export interface ResolvedTime {
  phrase: string;
  value: string;
}

const MONTHS: Record<string, number> = wordTable({
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
});
const WEEKDAYS_EN = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const WEEKDAYS_ZH: Record<string, number> = wordTable({ 日: 0, 天: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6 });
const EN_NUMBERS: Record<string, number> = wordTable({
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  couple: 2,
  few: 3,
});
const CN_DIGITS: Record<string, number> = wordTable({
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
});

/** Chinese numerals up to 99 (十, 二十五, 十二) or digit-by-digit years (二〇二四); arabic passes through. */
export function parseChineseNumber(s: string): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  if (/^[零〇一二两三四五六七八九]{2,4}$/.test(s)) return Number([...s].map((c) => CN_DIGITS[c]).join(''));
  const m = /^([一二两三四五六七八九])?(十)?([一二三四五六七八九])?$/.exec(s);
  if (!m || s.length === 0) return null;
  if (!m[2]) return m[1] && !m[3] ? CN_DIGITS[m[1]]! : null;
  return (m[1] ? CN_DIGITS[m[1]]! : 1) * 10 + (m[3] ? CN_DIGITS[m[3]]! : 0);
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const ym = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
function addMonths(d: Date, n: number): Date {
  const r = new Date(d.getTime());
  r.setUTCDate(1);
  r.setUTCMonth(r.getUTCMonth() + n);
  return r;
}
function addUnit(d: Date, unit: string, n: number): { date: Date; precision: 'day' | 'month' | 'year' } {
  if (/^(day|天|日)/.test(unit)) return { date: addDays(d, n), precision: 'day' };
  if (/^(week|周|星期|礼拜)/.test(unit)) return { date: addDays(d, 7 * n), precision: 'day' };
  if (/^(month|月|个月)/.test(unit)) return { date: addMonths(d, n), precision: 'month' };
  return { date: addMonths(d, 12 * n), precision: 'year' };
}
function fmt(r: { date: Date; precision: 'day' | 'month' | 'year' }): string {
  if (r.precision === 'year') return String(r.date.getUTCFullYear());
  if (r.precision === 'month') return ym(r.date);
  return ymd(r.date);
}
/** The given weekday relative to `now`: mode next = strictly after this week, last = before, this = nearest ahead. */
function weekday(now: Date, target: number, mode: 'next' | 'last' | 'this'): Date {
  const cur = now.getUTCDay();
  if (mode === 'last') return addDays(now, -((cur - target + 7) % 7 || 7));
  const ahead = (target - cur + 7) % 7;
  if (mode === 'this') return addDays(now, ahead);
  // "next Friday": the Friday of next week (Monday-based weeks)
  const mondayNext = addDays(now, (8 - cur) % 7 || 7);
  return addDays(mondayNext, (target + 6) % 7);
}
function validDate(y: number, m: number, d: number): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= 31 && y >= 1000 && y <= 9999;
}
function withYear(now: Date, m: number, d: number): string {
  return `${now.getUTCFullYear()}-${pad(m)}-${pad(d)}`;
}

type Rule = { re: RegExp; resolve: (m: RegExpExecArray, now: Date) => string | null };

const EN_MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthOf = (s: string) => MONTHS[s.slice(0, 3).toLowerCase()]!;
const enNum = (s: string) => (/^\d+$/.test(s) ? Number(s) : (EN_NUMBERS[s.toLowerCase()] ?? 1));

const EN_RULES: Rule[] = [
  {
    re: /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/,
    resolve: (m) => (validDate(+m[1]!, +m[2]!, +m[3]!) ? `${m[1]}-${pad(+m[2]!)}-${pad(+m[3]!)}` : null),
  },
  {
    re: /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/,
    resolve: (m) => (validDate(+m[3]!, +m[1]!, +m[2]!) ? `${m[3]}-${pad(+m[1]!)}-${pad(+m[2]!)}` : null),
  },
  {
    re: new RegExp(`\\b${EN_MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`, 'i'),
    resolve: (m, now) =>
      m[3] ? `${m[3]}-${pad(monthOf(m[1]!))}-${pad(+m[2]!)}` : withYear(now, monthOf(m[1]!), +m[2]!),
  },
  {
    re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${EN_MONTH}\\b(?:,?\\s+(\\d{4}))?`, 'i'),
    resolve: (m, now) =>
      m[3] ? `${m[3]}-${pad(monthOf(m[2]!))}-${pad(+m[1]!)}` : withYear(now, monthOf(m[2]!), +m[1]!),
  },
  { re: new RegExp(`\\b${EN_MONTH}\\s+(\\d{4})\\b`, 'i'), resolve: (m) => `${m[2]}-${pad(monthOf(m[1]!))}` },
  { re: /\b(?:in|since|from|of)\s+((?:19|20)\d{2})\b/i, resolve: (m) => m[1]! },
  { re: /\b(?:the\s+)?day\s+after\s+tomorrow\b/i, resolve: (_m, now) => ymd(addDays(now, 2)) },
  { re: /\b(?:the\s+)?day\s+before\s+yesterday\b/i, resolve: (_m, now) => ymd(addDays(now, -2)) },
  { re: /\b(today|tonight|this\s+(?:morning|afternoon|evening))\b/i, resolve: (_m, now) => ymd(now) },
  { re: /\btomorrow\b/i, resolve: (_m, now) => ymd(addDays(now, 1)) },
  { re: /\byesterday\b/i, resolve: (_m, now) => ymd(addDays(now, -1)) },
  {
    re: /\bin\s+(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+couple\s+of|a\s+few)\s+(days?|weeks?|months?|years?)\b/i,
    resolve: (m, now) =>
      fmt(addUnit(now, m[2]!.toLowerCase(), enNum(m[1]!.replace(/^a\s+/i, '').replace(/\s+of$/i, '')))),
  },
  {
    re: /\b(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+couple\s+of|a\s+few)\s+(days?|weeks?|months?|years?)\s+ago\b/i,
    resolve: (m, now) =>
      fmt(addUnit(now, m[2]!.toLowerCase(), -enNum(m[1]!.replace(/^a\s+/i, '').replace(/\s+of$/i, '')))),
  },
  {
    re: /\b(next|last|this|on|coming)\s+(sunday|monday|tuesday|wednesday|thursday|friday|saturday)\b/i,
    resolve: (m, now) => {
      const mode = m[1]!.toLowerCase();
      return ymd(
        weekday(
          now,
          WEEKDAYS_EN.indexOf(m[2]!.toLowerCase()),
          mode === 'next' ? 'next' : mode === 'last' ? 'last' : 'this',
        ),
      );
    },
  },
  {
    re: /\b(next|last|this)\s+weekend\b/i,
    resolve: (m, now) =>
      ymd(weekday(now, 6, m[1]!.toLowerCase() === 'next' ? 'next' : m[1]!.toLowerCase() === 'last' ? 'last' : 'this')),
  },
  {
    re: /\b(next|last|this)\s+(week|month|year)\b/i,
    resolve: (m, now) =>
      fmt(
        addUnit(now, m[2]!.toLowerCase(), m[1]!.toLowerCase() === 'next' ? 1 : m[1]!.toLowerCase() === 'last' ? -1 : 0),
      ),
  },
];

const ZH_NUM = '(\\d+|[零〇一二两三四五六七八九十]+)';
const zhNum = (s: string) => parseChineseNumber(s);

const ZH_RULES: Rule[] = [
  {
    re: new RegExp(`${ZH_NUM}年${ZH_NUM}月${ZH_NUM}[日号]`),
    resolve: (m) => {
      const [y, mo, d] = [zhNum(m[1]!), zhNum(m[2]!), zhNum(m[3]!)];
      return y != null && mo != null && d != null && validDate(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : null;
    },
  },
  {
    re: new RegExp(`${ZH_NUM}月${ZH_NUM}[日号]`),
    resolve: (m, now) => {
      const [mo, d] = [zhNum(m[1]!), zhNum(m[2]!)];
      return mo != null && d != null && mo >= 1 && mo <= 12 && d >= 1 && d <= 31 ? withYear(now, mo, d) : null;
    },
  },
  {
    re: new RegExp(`${ZH_NUM}年${ZH_NUM}月`),
    resolve: (m) => {
      const [y, mo] = [zhNum(m[1]!), zhNum(m[2]!)];
      return y != null && mo != null && y > 999 && mo >= 1 && mo <= 12 ? `${y}-${pad(mo)}` : null;
    },
  },
  { re: /((?:19|20)\d{2}|[一二][九零〇][零〇一二三四五六七八九]{2})年/, resolve: (m) => String(zhNum(m[1]!)) },
  { re: /大后天/, resolve: (_m, now) => ymd(addDays(now, 3)) },
  { re: /大前天/, resolve: (_m, now) => ymd(addDays(now, -3)) },
  { re: /后天/, resolve: (_m, now) => ymd(addDays(now, 2)) },
  { re: /前天/, resolve: (_m, now) => ymd(addDays(now, -2)) },
  { re: /(今天|今晚|今早|今儿|今日)/, resolve: (_m, now) => ymd(now) },
  { re: /(明天|明晚|明早|明日|明儿)/, resolve: (_m, now) => ymd(addDays(now, 1)) },
  { re: /(昨天|昨晚|昨日|昨儿)/, resolve: (_m, now) => ymd(addDays(now, -1)) },
  {
    re: new RegExp(`${ZH_NUM}(?:个)?(天|日|周|星期|礼拜|月|年)(?:之|以)?后`),
    resolve: (m, now) => {
      const n = zhNum(m[1]!);
      return n == null ? null : fmt(addUnit(now, m[2]!, n));
    },
  },
  {
    re: new RegExp(`${ZH_NUM}(?:个)?(天|日|周|星期|礼拜|月|年)(?:之|以)?前`),
    resolve: (m, now) => {
      const n = zhNum(m[1]!);
      return n == null ? null : fmt(addUnit(now, m[2]!, -n));
    },
  },
  {
    re: /(下|上|这|本)?(?:个)?(周|星期|礼拜)([一二三四五六日天])/,
    resolve: (m, now) =>
      ymd(weekday(now, WEEKDAYS_ZH[m[3]!]!, m[1] === '下' ? 'next' : m[1] === '上' ? 'last' : 'this')),
  },
  { re: /(下|上)(?:个)?(周|星期|礼拜)/, resolve: (m, now) => ymd(addDays(now, m[1] === '下' ? 7 : -7)) },
  { re: /(下|上)(?:个)?月/, resolve: (m, now) => ym(addMonths(now, m[1] === '下' ? 1 : -1)) },
  {
    re: /(明年|去年|今年|后年|前年)/,
    resolve: (m, now) =>
      String(
        now.getUTCFullYear() + ({ 明年: 1, 去年: -1, 今年: 0, 后年: 2, 前年: -2 } as Record<string, number>)[m[1]!]!,
      ),
  },
];

const EN_TIME =
  /\b(?:at\s+)?(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)|\bat\s+(\d{1,2}):(\d{2})\b|\b(\d{1,2}):(\d{2})\b/i;
const ZH_TIME = new RegExp(`(凌晨|早上|上午|中午|下午|傍晚|晚上)?${ZH_NUM}点(半|${ZH_NUM}分)?`);

function timeOfDay(text: string, zh: boolean): { phrase: string; hh: number; mm: number } | null {
  if (zh) {
    const m = ZH_TIME.exec(text);
    if (!m) return null;
    let hh = zhNum(m[2]!);
    if (hh == null || hh > 24) return null;
    const mm = m[3] === '半' ? 30 : m[4] ? (zhNum(m[4]) ?? 0) : 0;
    if (m[1] && /下午|傍晚|晚上/.test(m[1]) && hh < 12) hh += 12;
    if (m[1] === '中午' && hh < 11) hh += 12;
    return { phrase: m[0], hh, mm };
  }
  const m = EN_TIME.exec(text);
  if (!m) return null;
  if (m[1]) {
    let hh = Number(m[1]);
    const mer = m[3]!.toLowerCase().replace(/\./g, '');
    if (mer === 'pm' && hh < 12) hh += 12;
    if (mer === 'am' && hh === 12) hh = 0;
    return hh <= 24 ? { phrase: m[0], hh, mm: Number(m[2] ?? 0) } : null;
  }
  const hh = Number(m[4] ?? m[6]);
  const mm = Number(m[5] ?? m[7]);
  return hh <= 24 && mm < 60 ? { phrase: m[0], hh, mm } : null;
}

/** The first date expression in `text`, resolved against `at` (plus a time of day when one is given). */
export function resolveTime(text: string, at: Date, lang: 'en' | 'zh'): ResolvedTime | null {
  const rules = lang === 'zh' ? [...ZH_RULES, ...EN_RULES.slice(0, 2)] : EN_RULES;
  for (const rule of rules) {
    const m = rule.re.exec(text);
    if (!m) continue;
    const value = rule.resolve(m, at);
    if (!value) continue;
    const tod = /^\d{4}-\d{2}-\d{2}$/.test(value) ? timeOfDay(text, lang === 'zh') : null;
    if (tod) return { phrase: `${m[0]} ${tod.phrase}`.trim(), value: `${value}T${pad(tod.hh)}:${pad(tod.mm)}` };
    return { phrase: m[0], value };
  }
  const tod = timeOfDay(text, lang === 'zh');
  if (tod) return { phrase: tod.phrase, value: `${ymd(at)}T${pad(tod.hh)}:${pad(tod.mm)}` };
  return null;
}
