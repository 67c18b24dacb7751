import { describe } from './describe';
import type { FactDraft } from './draft';
import { FAMILY, PARTNER_ROLES } from './lexicon';

/**
 * What the user says about a relative ("My brother lives in Spain", "My sister works at Google",
 * 我哥哥住在西班牙, 我妹妹在谷歌工作): the statement is read as if the relative had said it in the
 * first person, and what it states is filed under the relative (`user.family.brother.residence`),
 * never under the user's own slot. Only when no rule read the clause as the user's statement.
 */

/** Relatives said in the plural; the singular ones are the lexicon's FAMILY. */
const PLURAL_KIN: Record<string, string> = {
  parents: 'parents',
  grandparents: 'grandparents',
  kids: 'child',
  children: 'child',
  sons: 'sons',
  daughters: 'daughters',
  sisters: 'sisters',
  brothers: 'brothers',
  'in-laws': 'in_laws',
  爸妈: 'parents',
  父母: 'parents',
  爸爸妈妈: 'parents',
  孩子们: 'child',
  公婆: 'in_laws',
};
/** The user's partner, said by role ("my husband works as a chef", 我老公在银行上班). */
const PARTNER_KIN: Record<string, string> = {
  ...Object.fromEntries(PARTNER_ROLES.map((w) => [w, 'partner'])),
  老公: 'partner',
  老婆: 'partner',
  丈夫: 'partner',
  妻子: 'partner',
  太太: 'partner',
  先生: 'partner',
  男朋友: 'partner',
  女朋友: 'partner',
  对象: 'partner',
};
const KIN: Record<string, string> = { ...FAMILY, ...PARTNER_KIN };
/** Roles that are not the user's family: what they do is not a relative's fact. */
const NOT_KIN = new Set(['boss', 'manager', 'roommate', 'best_friend', 'mother_in_law']);

const ENGLISH_KIN_WORDS = [...Object.keys(KIN), ...Object.keys(PLURAL_KIN)]
  .filter((w) => /^[a-zé -]+$/.test(w))
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/[-\s]/g, (c) => (c === ' ' ? '\\s+' : '-')));
const ENGLISH_RELATIVE = new RegExp(
  String.raw`^(?:my|our)\s+((?:(?:younger|older|little|big|baby|twin|step-?|eldest|oldest|youngest)\s*)?(` +
    ENGLISH_KIN_WORDS.join('|') +
    String.raw`))\s+((?:(?:just|recently|finally|now|actually|also|still|currently|already|mostly|usually|always)\s+)*)([a-z]+)\b(.*)$`,
  'i',
);
/** "My boyfriend Tom is a chef", "my sister Anna lives in Dublin": the relative's name, then what the relative does. */
const NAMED_RELATIVE = new RegExp(
  String.raw`^((?:my|our)\s+(?:(?:younger|older|little|big|twin|eldest|oldest|youngest)\s+)?(?:` +
    ENGLISH_KIN_WORDS.join('|') +
    String.raw`))\s+(\p{Lu}[\p{L}'’-]+)(?:\s*,)?\s+(?=(?:is|was|works|lives|has|loves|likes|does|teaches|studies|plays|just|recently|still|also)\b)`,
  'iu',
);
const RELATIVE_SUBJECT = new RegExp(
  String.raw`^(?:my|our)\s+(?:(?:younger|older|little|big|twin|eldest|oldest|youngest)\s+)?(?:` +
    ENGLISH_KIN_WORDS.join('|') +
    String.raw`)\b(?!['’])`,
  'i',
);
/**
 * "my wife finally quit law, she's a yoga instructor now": a clause opened by he/she after one whose
 * subject is a relative is about that relative. `previous` is the relative last said as a subject.
 */
export function resolveRelativePronoun(
  clause: string,
  previous: string | null,
): { clause: string; relative: string | null } {
  const own = RELATIVE_SUBJECT.exec(clause);
  if (own) return { clause, relative: own[0] };
  const pronoun =
    /^(?:she|he)\s+(?=(?:is|was|works|lives|has|just|now|recently|finally|also|still|got|became|started|quit|left|moved|teaches|studies)\b)/i.exec(
      clause,
    );
  if (pronoun && previous) return { clause: `${previous} ${clause.slice(pronoun[0].length)}`, relative: previous };
  return { clause, relative: /^(?:i|we)\b/i.test(clause) ? null : previous };
}
export function namedRelative(sentence: string): string {
  const m = NAMED_RELATIVE.exec(sentence.trim());
  return m ? `${m[1]} is ${m[2]}\n${m[1]} ${sentence.trim().slice(m[0].length)}` : sentence;
}
const PLURAL_VERB: Record<string, string> = { is: 'are', has: 'have', was: 'were', does: 'do', goes: 'go' };
const IRREGULAR_BASE: Record<string, string> = { is: 'am', has: 'have', does: 'do', goes: 'go', was: 'was' };

/** "lives" → "live", "studies" → "study", "teaches" → "teach"; a verb that is not third person singular: null. */
function baseOfThirdPerson(verb: string): string | null {
  const v = verb.toLowerCase();
  if (IRREGULAR_BASE[v]) return IRREGULAR_BASE[v]!;
  if (/[^aeiou]ies$/.test(v)) return `${v.slice(0, -3)}y`;
  if (/(?:ch|sh|ss|x|z|o)es$/.test(v)) return v.slice(0, -2);
  if (/[^su]s$/.test(v)) return v.slice(0, -1);
  // a past tense or a modal is the same for every person ("moved", "will")
  if (/ed$/.test(v) || /^(?:will|can|could|would|should|might|may|must|used)$/.test(v)) return v;
  return null;
}

export interface RelativeClause {
  /** The family key's part after `family.` ("brother", "parents"). */
  kin: string;
  /** The relative as the user said it ("younger sister", "哥哥"). */
  label: string;
  /** Said in the plural ("my parents live …"): the sentence keeps the plural verb. */
  plural: boolean;
  /** The statement in the first person ("i live in Spain", "我住在西班牙"). */
  firstPerson: string;
}

const SCHOOL_WORD = /\b(?:elementary|school|academy|kindergarten|nursery|preschool|daycare|college|university|high)\b/i;

/** "We moved the kids to Oakwood Elementary", "I enrolled my son at Riverside Academy": the relative's school or home. */
function movedRelative(clause: string): RelativeClause | null {
  const m = new RegExp(
    String.raw`^(?:i|we)\s+(?:have\s+)?(?:just\s+|finally\s+|recently\s+)?(moved|put|enrolled|transferred|switched|sent|registered)\s+(?:the|my|our)\s+(` +
      ENGLISH_KIN_WORDS.join('|') +
      String.raw`)\s+(?:over\s+)?(?:to|into|in|at)\s+(.+)$`,
    'i',
  ).exec(clause);
  if (!m) return null;
  const word = m[2]!.toLowerCase().replace(/\s+/g, ' ');
  const kin = PLURAL_KIN[word] ?? KIN[word];
  if (!kin || NOT_KIN.has(kin)) return null;
  const school = SCHOOL_WORD.test(m[3]!) || /^(?:enrolled|registered)$/i.test(m[1]!);
  return {
    kin,
    label: word,
    plural: !!PLURAL_KIN[word],
    firstPerson: school ? `i go to ${m[3]}` : `i moved to ${m[3]}`,
  };
}

/**
 * A clause whose subject is the user's relative, said in the first person; null for any other
 * subject. `read` is what the other rules read in the clause: a fact of the user's leaves only a
 * relative moved by the user ("we moved the kids to …"); "my brother is a doctor" (the relative
 * as a value) stays as read, "my brother moved to Berlin" (read as the brother being "Berlin") does not.
 */
export function relativeClause(
  clause: string,
  lang: 'en' | 'zh',
  read: readonly FactDraft[] = [],
): RelativeClause | null {
  if (lang === 'en') {
    const moved = movedRelative(clause);
    if (moved) return moved;
  }
  if (read.some((d) => !/^family\.[^.]+$/.test(d.suffix))) return null;
  const r = statedByRelative(clause, lang);
  if (!r || (read.length > 0 && COPULA.test(r.firstPerson))) return null;
  return r;
}

const COPULA = /^(?:i\s+(?:am|was)\b|我(?:现在|目前|也|还|一直|已经)*(?:是|叫))/u;

function statedByRelative(clause: string, lang: 'en' | 'zh'): RelativeClause | null {
  if (lang === 'zh') {
    const zh = ZH_RELATIVE.exec(clause);
    if (!zh) return null;
    const kin = KIN[zh[1]!] ?? PLURAL_KIN[zh[1]!];
    if (!kin || NOT_KIN.has(kin)) return null;
    return { kin, label: zh[1]!, plural: !!PLURAL_KIN[zh[1]!], firstPerson: `我${zh[2]}` };
  }
  const m = ENGLISH_RELATIVE.exec(clause);
  if (!m) return null;
  const word = m[2]!.toLowerCase().replace(/\s+/g, ' ');
  const plural = PLURAL_KIN[word];
  const kin = plural ?? KIN[word];
  if (!kin || NOT_KIN.has(kin)) return null;
  const verb = plural ? m[4]!.toLowerCase() : baseOfThirdPerson(m[4]!);
  if (!verb) return null;
  const be = plural && verb === 'are' ? 'am' : plural && verb === 'were' ? 'was' : verb;
  return {
    kin,
    label: m[1]!.toLowerCase().replace(/\s+/g, ' '),
    plural: !!plural,
    firstPerson: `i ${m[3]}${be}${m[5]}`,
  };
}

// 我哥哥 / 我的妹妹 / 我爸妈: the relative, then a verb or a preposition that starts a statement
const ZH_KIN_WORDS = [...Object.keys(KIN), ...Object.keys(PLURAL_KIN)]
  .filter((w) => /^\p{Script=Han}+$/u.test(w))
  .sort((a, b) => b.length - a.length);
const ZH_RELATIVE = new RegExp(
  `^我(?:的)?(${ZH_KIN_WORDS.join('|')})((?:现在|目前|也|还|一直|已经|刚|最近|在|住|是|当|做|开|养|学|读|会|喜欢|爱|搬|跳槽|入职|加入|退休|结婚|离婚|来自|吃|不|转|换|改|上|念).*)$`,
  'u',
);

const MONTH =
  /^(?:in\s+)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i;

/** The relative's facts from the facts the first-person statement gave; events and facts about others are left out. */
export function asRelativeFacts(r: RelativeClause, drafts: FactDraft[], lang: 'en' | 'zh'): FactDraft[] {
  const out: FactDraft[] = [];
  for (const d of drafts) {
    if ((d.namespace ?? 'user') !== 'user' || d.kind === 'event' || /^(?:event|family|pet)\./.test(d.suffix)) continue;
    if (/^(?:name|partner|nickname|surname)$/.test(d.suffix)) continue;
    // "my son was born in August": a date, not a birthplace
    if (d.suffix === 'birthplace' && MONTH.test(d.object)) continue;
    const said = d.content ?? describe(d.suffix, d.object, d.positive, lang, d.label);
    const content =
      lang === 'zh'
        ? said.replace(/^用户(的)?/u, (_m, de: string | undefined) => `用户的${r.label}${de ? '的' : ''}`)
        : said
            .replace(/^User\b('s)?/, (_m, s: string | undefined) => `User's ${r.label}${s ? "'s" : ''}`)
            .replace(new RegExp(`^(User's ${r.label}) ([a-z]+)\\b`), (m, who: string, verb: string) =>
              r.plural ? `${who} ${PLURAL_VERB[verb] ?? baseOfThirdPerson(verb) ?? verb}` : m,
            );
    if (content === said) continue;
    out.push({ ...d, suffix: `family.${r.kin}.${d.suffix}`, content, label: d.label, confidence: d.confidence * 0.95 });
  }
  return out;
}
