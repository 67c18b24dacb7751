import { hasCjk } from './text';

const ARTICLE = /^(?:a|an|the|my|our|their|his|her)\s+/i;

export type Shape = 'email' | 'phone' | 'number' | 'cjk' | 'proper' | 'common';

/**
 * The kind of value a fact holds, so a change is matched to a value of the same kind: an email
 * for an email, an amount or count for an amount, a name for a name. A model name with a digit
 * ("Pixel 8", "理想L7") is a name, not a number: a value is a number when it starts as one.
 */
export function shapeOf(raw: string): Shape {
  const v = raw.replace(ARTICLE, '').trim();
  if (/[\w.+-]+@[\w-]+\.[\w.-]+/.test(v)) return 'email';
  const digits = v.replace(/\D/g, '').length;
  if (digits >= 7 && digits >= v.replace(/\s/g, '').length * 0.6) return 'phone';
  if (
    /^(?:[$€£¥]\s?)?\d|^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|a\s+dozen|twice|once)\b|^(?:每|一周|每周|一天|一个月)?[一二三四五六七八九十两百千万半]+(?:[个只辆台张本次片点岁元块万千]|$)/iu.test(
      v,
    )
  )
    return 'number';
  if (hasCjk(v)) return 'cjk';
  if (/\p{Lu}/u.test(v)) return 'proper';
  return 'common';
}

/** Whether `next` can be the value that replaces `oldValue` (same kind; names cross scripts and case in a lower-case message). */
export function compatible(oldValue: string, next: string, lowerCaseMessage: boolean): boolean {
  const a = shapeOf(oldValue);
  const b = shapeOf(next);
  if (a === b) return true;
  if (lowerCaseMessage && [a, b].every((s) => s === 'proper' || s === 'common')) return true;
  // 华为P40 → iPhone, Toyota → 特斯拉: brand names cross scripts
  if ([a, b].every((s) => s === 'proper' || s === 'cjk')) return true;
  return false;
}

/** A time zone as a whole value: "UTC+1", "GMT-5", "CET", "Pacific time", "Central European Time", 北京时间, 东八区. */
const TIME_ZONE =
  /^(?:(?:UTC|GMT)\s?(?:[+\-−]\s?\d{1,2}(?::?\d{2})?)?|(?:CET|CEST|EET|EEST|WET|WEST|BST|IST|JST|KST|AEST|AEDT|ACST|AWST|NZST|NZDT|EST|EDT|CST|CDT|MST|MDT|PST|PDT|AKST|HST|SGT|HKT)|(?:(?:the\s+)?(?:Pacific|Eastern|Central|Mountain|Atlantic|Alaska|Hawaii|Greenwich(?:\s+Mean)?|Central\s+European|Eastern\s+European|Western\s+European|British(?:\s+Summer)?|Japan|Korea|India|China|Singapore|Hong\s+Kong|Australian\s+(?:Eastern|Central|Western)|New\s+Zealand|Indochina|Moscow|Irish|Israel|Arabian|Gulf|UK|US\s+(?:Eastern|Pacific|Central|Mountain))(?:\s+(?:Standard|Daylight|Summer))?\s+[Tt]ime(?:\s+zone)?)|[东西]\s?(?:[一二三四五六七八九十]{1,3}|\d{1,2})\s?区|[\u4e00-\u9fff]{1,5}?(?:标准)?时间)$/u;
const NOT_TIME_ZONE =
  /^(?:上班|下班|工作|休息|空闲|业余|睡觉|吃饭|开会|第一|一段|这段|那段|长|短|多少|什么|同一|很多|所有|平时|周末|假期|有|没|全部|大部分|更多|足够|一点)/u;
export function isTimeZone(raw: string): boolean {
  const v = raw.replace(ARTICLE, '').trim();
  return TIME_ZONE.test(v) && !NOT_TIME_ZONE.test(v);
}
