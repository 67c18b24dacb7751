import {
  ATTRIBUTE_KEYS,
  DIET_RE,
  FAMILY,
  NATIONALITIES,
  PETS,
  categoryOf,
  isOccupation,
  isLikeKnownEmployer,
  isOrganisation,
  isVehicle,
} from './lexicon';
import { draft, negate, type FactDraft } from './draft';
import { cleanEnglishObject, gerundToBase, slug, toThirdPerson } from './text';
import { resolveTime } from './time-expressions';
import { CHANGE_RULES, valueSpan } from './english-changes';
import { SLOT_RULES } from './english-slots';
import { knownFactWithValue } from './value-match';
import { attributeKey, type ClauseContext, type KnownFact } from './clause';
import { habitDraft } from './english-verbs';
import { calledByOthers, ENGLISH_FRAME_RULES } from './english-frames';
import { ENGLISH_TYPED_RULES } from './typed-statements';
import { ENGLISH_LIFE_RULES } from './life-changes';
import { namedRelative } from './relatives';
import { wordTable } from '@engram/core';

const ADV = String.raw`(?:(?:just|recently|finally|now|actually|also|still|currently|really|already|officially|mostly|mainly|primarily|usually|always|totally|absolutely|definitely|honestly|basically|even|then|eventually|permanently|happily|kind\s+of|sort\s+of|pretty\s+much)\s+)*`;
const LEAD =
  /^(?:(?:oh|well|so|also|actually|btw|by\s+the\s+way|anyway|anyways|and|but|hey|hi|hello|ok|okay|yeah|yes|yep|no|nope|fyi|just\s+so\s+you\s+know|for\s+the\s+record|as\s+of\s+(?:today|now)|these\s+days|nowadays|now|currently|recently|lately|guess\s+what|good\s+news|big\s+news|big\s+change|great\s+news|bad\s+news|update|quick\s+update|small\s+update|life\s+update|heads\s+up|so\s+anyway|anyhow|ugh|welp|wow|lol|haha|omg|sigh|ok\s+so|alright|right|btw\s+so|as\s+you\s+know|you\s+know|fun\s+fact|plus|then|in\s+fact|honestly|to\s+be\s+honest|tbh|news|sadly|luckily|unfortunately|fortunately|finally|remember(?:\s+that)?|note\s+that|please\s+note(?:\s+that)?|please\s+remember(?:\s+that)?)[,!:\-—]*\s+)+/i;
const EMOJI = /[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u{FE0F}\u{200D}]+/gu;
const HEDGE = /^(?:i\s+(?:think|guess|believe|suppose|feel\s+like|reckon)(?:\s+that)?|maybe|probably|perhaps)\s+/i;
const HYPOTHETICAL =
  /^(?:if|when|whenever|unless|would|should|could|what\s+if|suppose|imagine|in\s+case)\b|\bi\s+(?:would|wish|want|hope|plan|intend|might|may|could|should)\b/i;

export function expandContractions(s: string): string {
  return s
    .replace(/[’‘`]/g, "'")
    .replace(/\bI'm\b/gi, 'I am')
    .replace(/\bwe're\b/gi, 'we are')
    .replace(/\bwe've\b/gi, 'we have')
    .replace(/\b(he|she)'s\b/gi, '$1 is')
    .replace(/\bim\b(?=\s+(?:a|an|the|from|in|at|now|no|not|vegan|vegetarian|\d))/gi, 'I am')
    .replace(/\bI've\b/gi, 'I have')
    .replace(/\bI'd\b/gi, 'I would')
    .replace(/\bI'll\b/gi, 'I will')
    .replace(/\b(do|does|did|is|are|was|were|have|has|had|would|should|could)n't\b/gi, '$1 not')
    .replace(/\bcan't\b/gi, 'cannot')
    .replace(/\bwon't\b/gi, 'will not')
    .replace(/\bname's\b/gi, 'name is')
    .replace(/\b(it|that|there)'s\b/gi, '$1 is')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Prepares a clause: contractions expanded, discourse openers and leading time phrases removed. */
/** "With the new job I have to …", "After the move we …": a short leading circumstance, not the statement. */
const CIRCUMSTANCE =
  /^(?:with|after|since|because\s+of|thanks\s+to|due\s+to|given|for)\s+(?:(?:the|my|our|a|an|this|that|all|[\w'-]+)\s+){1,5}?(?=(?:i|we)\s+(?!\w+ed\s+(?:it|that|this)\b))/i;

export function prepareEnglishClause(raw: string, at: Date): { text: string; hedged: boolean } {
  let t = expandContractions(raw.replace(EMOJI, ' '));
  t = t.replace(CIRCUMSTANCE, '');
  let hedged = false;
  for (let i = 0; i < 3; i++) {
    const before = t;
    t = t.replace(LEAD, '');
    if (HEDGE.test(t)) {
      hedged = true;
      t = t.replace(HEDGE, '');
    }
    // "Last month, I moved …" / "Since 2020 I have …": a leading time phrase before the subject
    const comma = /^([^,]{2,40}),\s*(?=(?:i|my)\b)/i.exec(t);
    if (comma && resolveTime(comma[1]!, at, 'en')) t = t.slice(comma[0].length);
    const bare =
      /^((?:last|next|this)\s+\w+|yesterday|today|tomorrow|in\s+\d{4}|since\s+\d{4}|(?:a|one|two|three|a\s+few|\d+)\s+\w+\s+ago)\s+(?=(?:i|my)\b)/i.exec(
        t,
      );
    if (bare) t = t.slice(bare[0].length);
    if (t === before) break;
  }
  if (/\b(?:maybe|probably|perhaps|i\s+think|not\s+sure)\b/i.test(t)) hedged = true;
  return { text: t.replace(/[\s.!,;:]+$/, ''), hedged };
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE = /(?:\+?\d[\d\s().-]{5,}\d)/;

/** "Alice Smith and I …" → "Alice Smith": the leading capitalized words of a phrase. */
function leadingName(text: string): string | null {
  const m =
    /^((?:[A-Z\p{Lu}][\p{L}\p{N}'.-]*)(?:\s+(?:[A-Z\p{Lu}][\p{L}\p{N}'.-]*|van|von|de|da|del|der|le|la|bin|al)){0,3})/u.exec(
      text.trim(),
    );
  return m ? m[1]!.replace(/[.]+$/, '') : null;
}

function nameObject(text: string): string | null {
  const cleaned = cleanEnglishObject(
    text.replace(/\s*,?\s*but\b.*$/i, '').replace(/\s+(?:for\s+short|please|from\s+now\s+on|instead).*$/i, ''),
  );
  const name = leadingName(cleaned);
  if (name) return name;
  // lower-cased names ("call me bob"): accept one or two plain words
  const m = /^([a-z][a-z'-]{1,20}(?:\s+[a-z][a-z'-]{1,20})?)$/i.exec(cleaned);
  return m ? m[1]!.replace(/\b\w/g, (c) => c.toUpperCase()) : null;
}

function article(np: string): string {
  return /^(?:a|an|the)\s/i.test(np) ? np : `${/^[aeiou]/i.test(np) ? 'an' : 'a'} ${np}`;
}

/** Splits "Google as a data scientist" → employer + occupation. */
function employerAndRole(obj: string): FactDraft[] {
  const out: FactDraft[] = [];
  const m = /^(.+?)\s+as\s+(?:an?\s+)?(.+)$/i.exec(obj);
  // "a coffee shop called Bean There": the name is the employer
  const called = /^(?:a|an|the)\s+[a-z -]+?\s+(?:called|named)\s+(\p{Lu}[\p{L}'’&-]*(?:\s+\p{Lu}[\p{L}'’&-]*)*)/u.exec(
    m ? m[1]! : obj,
  );
  const employer = called ? called[1]! : valueSpan(m ? m[1]! : obj);
  if (employer && !/^(?:home|a\s+|an\s+|the\s+moment)/i.test(employer)) out.push(draft('employer', employer, 0.9));
  if (m) out.push(draft('occupation', article(cleanEnglishObject(m[2]!)), 0.85));
  return out;
}

function roleAndEmployer(obj: string): FactDraft[] {
  const m = /^(.+?)\s+(?:at|for|with)\s+(.+)$/i.exec(obj);
  const role = cleanEnglishObject(m ? m[1]! : obj);
  const out = [draft('occupation', article(role.replace(/^(?:an?\s+)/i, '')), 0.9)];
  if (m) out.push(draft('employer', cleanEnglishObject(m[2]!), 0.85));
  return out;
}

/** Key of a tool/choice object: a known category, else the key of the known fact holding this very value. */
function choiceKey(object: string, known: KnownFact[], fallback: string): { suffix: string; inferred: boolean } {
  const cat = categoryOf(object.replace(/^(?:a|an|the|my)\s+/i, ''));
  if (cat) return { suffix: cat, inferred: false };
  const hit = knownFactWithValue(object, known);
  if (hit && hit.key.startsWith('user.')) return { suffix: hit.key.slice('user.'.length), inferred: true };
  return { suffix: fallback, inferred: true };
}

function preferenceObject(raw: string): string | null {
  let o = cleanEnglishObject(raw).replace(/^to\s+/i, '');
  o = o.replace(/\s+(?:over|more\s+than|rather\s+than|instead\s+of|to)\s+.+$/i, (m) =>
    /^\s+to\s/i.test(m) && !/\bprefer\b/i.test(raw) ? m : '',
  );
  if (!o || /^(?:it|that|this|them|him|her|you|those|these|one|what|how|when|where|who|so)\b/i.test(o)) return null;
  if (o.split(/\s+/).length > 7) return null;
  return o;
}

function amPhrase(phraseAfterAm: string, at: Date): FactDraft[] {
  const obj = cleanEnglishObject(
    phraseAfterAm.replace(
      /^(?:(?:really|totally|so|very|super|pretty|quite|kind\s+of|sort\s+of|honestly|seriously)\s+)+/i,
      '',
    ),
  );
  if (!obj) return [];
  const diet = DIET_RE.exec(obj);
  if (diet) return [draft('diet', diet[1]!.toLowerCase(), 0.9)];
  const onDiet = /^on\s+(?:a|the)\s+(.+?)\s+diet$/i.exec(obj);
  if (onDiet) return [draft('diet', onDiet[1]!.toLowerCase(), 0.85)];
  const allergic = /^allergic\s+to\s+(.+)$/i.exec(obj);
  if (allergic) return [draft(`allergy.${slug(allergic[1]!)}`, allergic[1]!, 0.9)];
  const age = /^(\d{1,3})(?:\s+(?:years?|yrs?)(?:\s+old)?)?$/i.exec(obj);
  if (age && +age[1]! > 0 && +age[1]! < 130) return [draft('age', age[1]!, 0.9)];
  const married = /^(?:married|engaged)\s+to\s+(.+)$/i.exec(obj);
  if (married) return [draft('partner', nameObject(married[1]!) ?? married[1]!, 0.9)];
  const dating = /^(?:dating|seeing|in\s+a\s+relationship\s+with|together\s+with)\s+(.+)$/i.exec(obj);
  if (dating) return [draft('partner', nameObject(dating[1]!) ?? dating[1]!, 0.8)];
  if (/^(single|married|divorced|engaged|widowed|separated|in\s+a\s+relationship)$/i.test(obj))
    return [draft('marital_status', obj.toLowerCase(), 0.9)];
  const from = /^(?:originally\s+)?from\s+(.+)$/i.exec(obj);
  if (from) return [draft('hometown', cleanEnglishObject(from[1]!), 0.85)];
  const based = /^(?:based|living|located|staying|settled)\s+(?:in|at|near|out\s+of)\s+(.+)$/i.exec(obj);
  if (based) return [draft('residence', cleanEnglishObject(based[1]!), 0.9)];
  const enrolled = /^(?:now\s+)?(?:enrolled|studying)\s+(?:at|in)\s+([A-Z].+)$/.exec(obj);
  if (enrolled) return [draft('school', valueSpan(enrolled[1]!), 0.85)];
  const working = /^(?:working|employed)\s+(?:at|for|with|by)\s+(.+)$/i.exec(obj);
  if (working) return employerAndRole(working[1]!);
  const workingAs = /^working\s+as\s+(.+)$/i.exec(obj);
  if (workingAs) return roleAndEmployer(workingAs[1]!);
  const at2 = /^(?:now\s+)?at\s+([A-Z].+)$/.exec(obj);
  if (at2) return [draft('employer', cleanEnglishObject(at2[1]!), 0.7)];
  const studying =
    /^(?:studying|majoring\s+in|doing\s+(?:a|my)\s+(?:degree|phd|master'?s?|bachelor'?s?|ba|bsc|msc|ma|mba)\s+in)\s+(.+?)(?:\s+at\s+(.+))?$/i.exec(
      obj,
    );
  if (studying) {
    const out = [draft('field_of_study', cleanEnglishObject(studying[1]!), 0.85)];
    if (studying[2]) out.push(draft('school', cleanEnglishObject(studying[2]), 0.85));
    return out;
  }
  const fan =
    /^(?:a\s+)?(?:big\s+|huge\s+|massive\s+)?(?:fan\s+of|into|fond\s+of|crazy\s+about|obsessed\s+with|passionate\s+about)\s+(.+)$/i.exec(
      obj,
    );
  if (fan) {
    const p = preferenceObject(fan[1]!);
    return p ? [draft(`preference.${slug(p)}`, p, 0.85)] : [];
  }
  const student = /^an?\s+(?:\w+\s+)?student\s+(?:at|in)\s+(.+)$/i.exec(obj);
  if (student)
    return [
      draft('occupation', article(obj.replace(/\s+(?:at|in)\s+.+$/i, '').replace(/^an?\s+/i, '')), 0.8),
      draft('school', cleanEnglishObject(student[1]!), 0.85),
    ];
  const np = /^(?:an?|one)\s+(.+)$/i.exec(obj);
  if (np) {
    const phrase = np[1]!;
    const diet2 = DIET_RE.exec(phrase);
    if (diet2) return [draft('diet', diet2[1]!.toLowerCase(), 0.9)];
    const withEmployer = /^(.+?)\s+(?:at|for|with)\s+([A-Z].+)$/.exec(phrase);
    const role = withEmployer ? withEmployer[1]! : phrase;
    if (isOccupation(role)) return roleAndEmployer(phrase);
    // "a teacher at a primary school": the role, at a place not named
    const atPlace = /^(.+?)\s+(?:at|in|for|with)\s+(?:a|an|the|my|our)\s+[a-z][a-z\s-]*$/.exec(phrase);
    if (atPlace && isOccupation(atPlace[1]!))
      return [draft('occupation', article(cleanEnglishObject(atPlace[1]!)), 0.88)];
    const head = slug(
      role
        .split(/\s+(?:of|who|that|with|from)\s+/)[0]!
        .split(/\s+/)
        .slice(-1)[0]!,
    );
    return [draft(`identity.${head}`, article(phrase), 0.7)];
  }
  if (NATIONALITIES.has(obj.toLowerCase())) return [draft('nationality', obj, 0.85)];
  // "I am Alice" / "I am Alice Chen": a bare capitalized name
  const name = /^([A-Z][\p{L}'-]+(?:\s+[A-Z][\p{L}'-]+)?)$/u.exec(obj);
  if (name && !NATIONALITIES.has(name[1]!.toLowerCase())) return [draft('name', name[1]!, 0.75)];
  void at;
  return [];
}

type ClauseRule = (c: string, ctx: ClauseContext) => FactDraft[] | null;

const ALCOHOL =
  /^(?:red\s+|white\s+)?(?:wine|beer|whisk(?:e)?y|vodka|gin|rum|tequila|cocktails?|alcohol|booze|cider|sake|soju|baijiu|spirits|liquor|lager|ale|prosecco|champagne)\b/i;

const ENV_SUBJECTS =
  /^(project|app|mobile\s+app|application|repo|codebase|service|backend|frontend|api|website|site|stack|database|db|server|product|system|pipeline|ci|infrastructure|infra|cluster)$/i;

const S = String.raw`^i\s+` + ADV + String.raw`(?:have\s+)?` + ADV;

/** "I started seeing a new therapist, Dr. Kim", "my new manager is Priya": the attribute named "new" gets the name. */
function newNamedAttribute(c: string): FactDraft[] | null {
  const m =
    /\b(?:a|my|our)\s+new\s+([a-z]+(?:\s+[a-z]+)?)\s*(?:,\s*|\s+(?:named|called|is)\s+)((?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)/u.exec(
      c,
    );
  if (!m) return null;
  const key = attributeKey(m[1]!);
  if (!key || key.suffix.startsWith('contact.') || /^(?:name|residence|employer)$/.test(key.suffix)) return null;
  return [draft(key.suffix, m[2]!, 0.82, { label: key.label })];
}

const RULES: ClauseRule[] = [
  // names
  (c) => {
    const m = new RegExp(
      String.raw`^(?:my\s+(?:full\s+|first\s+|real\s+|given\s+)?name\s+is(?:\s+now|\s+actually)?|(?:you\s+can\s+|please\s+|just\s+|everyone\s+|people\s+|friends\s+)?call(?:s)?\s+me(?!\s+(?:at|on|back|later|tomorrow|if|when|up|anytime|any\s+time|\+?\d))|i\s+am\s+called|i\s+go\s+by|the\s+name\s+is|this\s+is|i\s+(?:have\s+)?changed\s+my\s+name\s+to|i\s+am\s+named)\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    if (/^this\s+is/i.test(c) && !/^this\s+is\s+[A-Z]\S*(?:\s+[A-Z]\S*)?(?:\s+(?:speaking|here))?$/.test(c))
      return null;
    const name = nameObject(m[1]!.replace(/\s+(?:speaking|here)$/i, ''));
    return name ? [draft('name', name, 0.92)] : null;
  },
  // contact details anywhere in a first-person clause
  (c) => {
    const email = EMAIL.exec(c);
    const firstPerson =
      /\b(?:my|me|i)\b/i.test(c) ||
      /^(?:new|updated)\s+(?:phone|number|cell|mobile|e-?mail|address|contact)\b|^(?:please\s+)?(?:use|reach|contact|email|e-mail|text|call|write\s+to)\b|\bfrom\s+now\s+on\b/i.test(
        c,
      );
    if (email && firstPerson) {
      const attr = /\bmy\s+(work|personal|school|private|business|office)\s+e-?mail/i.exec(c);
      return [draft(attr ? `contact.email_${attr[1]!.toLowerCase()}` : 'contact.email', email[0].toLowerCase(), 0.92)];
    }
    const phone = PHONE.exec(c);
    if (
      phone &&
      firstPerson &&
      /\b(?:phone|number|cell|mobile|call|text|reach|contact|whatsapp|telephone)\b/i.test(c) &&
      phone[0].replace(/\D/g, '').length >= 7
    ) {
      const attr = /\bmy\s+(work|personal|home|office|business)\s+(?:phone|number|cell|mobile)/i.exec(c);
      return [draft(attr ? `contact.phone_${attr[1]!.toLowerCase()}` : 'contact.phone', phone[0].trim(), 0.9)];
    }
    return null;
  },
  // switched/moved/changed from X to Y (subject optional)
  (c, ctx) => {
    const m = new RegExp(
      String.raw`^(?:i\s+)?(?:have\s+)?` +
        ADV +
        String.raw`(switched|moved|changed|went|migrated|transitioned|transferred|upgraded|relocated|swapped|converted)(?:\s+(?:over|jobs|editors|cities|schools|my\s+\w+))?\s+from\s+(.+?)\s+(?:to|over\s+to|for)\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const verb = m[1]!.toLowerCase();
    const from = cleanEnglishObject(m[2]!);
    const to = valueSpan(m[3]!.replace(/^(?:working|teaching|studying|living|being)\s+(?:at|in|for|with)\s+/i, ''));
    if (!from || !to) return null;
    if ((verb === 'moved' || verb === 'relocated') && !categoryOf(to) && /^[A-Z]/.test(to)) {
      return [draft('residence', to, 0.9)];
    }
    const k = choiceKey(to, ctx.known, '');
    const kf = k.suffix ? k : choiceKey(from, ctx.known, '');
    if (kf.suffix) return [draft(kf.suffix, to, kf.inferred ? 0.8 : 0.9)];
    return [draft(`uses.${slug(to)}`, to, 0.75), { ...draft(`uses.${slug(from)}`, from, 0.75), positive: false }];
  },
  // residence
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:live|am\s+living|have\s+been\s+living|have\s+lived|reside|am\s+residing|am\s+based|am\s+staying|have\s+settled|settled(?:\s+down)?)\s+(?:with\s+(?:my|our)\s+(?:[a-z-]+\s+){0,2}?(?:parents|family|partner|wife|husband|girlfriend|boyfriend|kids|children|mum|mom|dad|grandparents|roommates?|flatmates?|housemates?|friends?|sister|brother|aunt|uncle|in-laws)\s+)?(?:in|at|near|outside(?:\s+of)?|on|out\s+of)\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const o = valueSpan(m[1]!);
    return o ? [draft('residence', o, 0.92)] : null;
  },
  (c, ctx) => {
    const m = new RegExp(
      S +
        String.raw`(moved|relocated|have\s+moved|have\s+relocated|emigrated|immigrated|am\s+moving|will\s+move|will\s+be\s+moving|am\s+relocating|am\s+going\s+to\s+move)\s+(?:back\s+)?(?:to|into)\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const target = m[2]!.replace(/^(?:a\s+new\s+(?:place|flat|apartment|house)\s+in)\s+/i, '');
    // "moved back to my hometown, Leicester": the name after the description
    const apposition = /^(?:my|our|the)\s+[a-z ]+?,\s+([A-Z].*)$/.exec(target);
    const o = valueSpan(apposition ? apposition[1]! : target);
    if (!o) return null;
    if (/^(?:am|will)/i.test(m[1]!)) {
      const when = resolveTime(c, ctx.at, 'en');
      return [
        draft('planned_move', o, 0.8, {
          content: `User is moving to ${o}${when ? ` (${when.value})` : ''}`,
          kind: 'event',
        }),
      ];
    }
    return [
      isOrganisation(o) || isLikeKnownEmployer(o, ctx.known) ? draft('employer', o, 0.84) : draft('residence', o, 0.9),
    ];
  },
  (c) => {
    const m = /^(?:my\s+)?home\s+is\s+(?:now\s+)?(?:in\s+)?(.+)$/i.exec(c);
    if (!m) return null;
    const o = valueSpan(m[1]!);
    return o && /^[A-Z]/.test(o) ? [draft('residence', o, 0.85)] : null;
  },
  (c) => {
    const m = new RegExp(
      S + String.raw`(?:grew\s+up|was\s+raised|was\s+born\s+and\s+raised|come)\s+(?:in|from)\s+(.+)$`,
      'i',
    ).exec(c);
    return m ? [draft('hometown', cleanEnglishObject(m[1]!), 0.85)] : null;
  },
  (c, ctx) => {
    const m = new RegExp(S + String.raw`was\s+born\s+(?:on|in|at)\s+(.+)$`, 'i').exec(c);
    if (!m) return null;
    const t = resolveTime(/^\d{4}$/.test(m[1]!.trim()) ? `in ${m[1]!.trim()}` : m[1]!, ctx.at, 'en');
    if (t) {
      if (/^\d{4}$/.test(t.value)) return [draft('birth_year', t.value, 0.9)];
      const hasYear = /\b\d{4}\b/.test(m[1]!);
      const v = hasYear ? t.value.slice(0, 10) : `--${t.value.slice(5, 10)}`;
      return [draft('birthday', v, 0.9, { content: `User's birthday is ${cleanEnglishObject(m[1]!)}` })];
    }
    return [draft('birthplace', cleanEnglishObject(m[1]!), 0.85)];
  },
  // employer / occupation
  // "1) new job at Microsoft", "new role with the council": a list item or fragment naming the new employer
  (c) => {
    const m = /^(?:(?:a|my)\s+)?(?:new|first)\s+(?:job|role|position|gig)\s+(?:at|with)\s+(.+)$/i.exec(c);
    return m ? employerAndRole(m[1]!) : null;
  },
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:work|am\s+working|have\s+been\s+working|started\s+working|began\s+working|will\s+be\s+working|will\s+start\s+working|am\s+employed|got\s+(?:a\s+)?(?:new\s+)?job|took\s+(?:a\s+)?(?:new\s+)?job|accepted\s+(?:a|an)\s+(?:new\s+)?(?:offer|job|position|role)|landed\s+(?:a\s+)?(?:new\s+)?job|started\s+(?:a\s+|my\s+)?(?:new\s+)?job|started\s+(?:a\s+|my\s+)?(?:new\s+)?(?:role|position))\s+(?:at|for|with|by|in)\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const obj = m[1]!;
    if (/^(?:home|the\s+moment|night|weekends?)\b/i.test(obj)) return null;
    return employerAndRole(obj);
  },
  (c) => {
    const m = new RegExp(
      S + String.raw`(?:teach|am\s+teaching|have\s+been\s+teaching|lecture)\s+(?:\w+\s+)?(?:at|in)\s+(\p{Lu}.+)$`,
      'iu',
    ).exec(c);
    if (!m) return null;
    const school = valueSpan(m[1]!);
    return school ? [draft('employer', school, 0.86), draft('occupation', 'a teacher', 0.8)] : null;
  },
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:work|am\s+working|have\s+been\s+working|started\s+working|now\s+work|got\s+(?:a\s+)?job|am\s+employed|will\s+be\s+working)\s+(?:(?:nights|days|evenings|weekends|shifts|night\s+shifts|part[-\s]time|full[-\s]time|remotely|from\s+home|freelance|locally|here)\s+)?as\s+(.+)$`,
      'i',
    ).exec(c);
    return m ? roleAndEmployer(m[1]!) : null;
  },
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:joined|have\s+joined|will\s+join|am\s+joining|started\s+at|signed\s+with|was\s+hired\s+by|got\s+hired\s+(?:at|by))\s+([A-Z].*)$`,
    ).exec(c.replace(/^I\b/i, 'i'));
    if (!m) return null;
    return employerAndRole(m[1]!).map((d) => ({ ...d, confidence: Math.min(d.confidence, 0.8) }));
  },
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:left|quit|resigned\s+from|was\s+laid\s+off\s+from|got\s+fired\s+from|retired\s+from)\s+(?:my\s+job\s+at\s+)?([A-Z].*)$`,
    ).exec(c.replace(/^I\b/i, 'i'));
    if (!m) return null;
    const o = cleanEnglishObject(m[1]!);
    return o ? [{ ...draft('employer', o, 0.85), positive: false }] : null;
  },
  // studies
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:study|studied|am\s+studying|major\s+in|majored\s+in|am\s+majoring\s+in)\s+(.+?)(?:\s+(?:at|in)\s+([A-Z].+))?$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const at = /^at\s+(?:the\s+)?([A-Z].*)$/.exec(m[1]!);
    if (at) return [draft('school', valueSpan(at[1]!), 0.85)];
    const out = [draft('field_of_study', cleanEnglishObject(m[1]!), 0.85)];
    if (m[2]) out.push(draft('school', cleanEnglishObject(m[2]), 0.85));
    return out;
  },
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:go\s+to|attend|am\s+attending|graduated\s+from|am\s+enrolled\s+(?:at|in)|got\s+into|was\s+accepted\s+(?:to|at|into))\s+([A-Z].+)$`,
    ).exec(c.replace(/^I\b/i, 'i'));
    return m ? [draft('school', valueSpan(m[1]!), 0.85)] : null;
  },
  // diet via verbs
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:went|have\s+gone|turned|became|have\s+become|switched\s+to\s+(?:being\s+)?|am\s+going|follow|eat|keep)\s+(?:a\s+)?(.+?)(?:\s+diet)?$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const d = DIET_RE.exec(cleanEnglishObject(m[1]!));
    return d ? [draft('diet', d[1]!.toLowerCase(), 0.88)] : null;
  },
  (c) => {
    const m = new RegExp(
      S + String.raw`(do\s+not|never|cannot|can\s+not|no\s+longer)?\s*(?:eat|drink)(?:\s+(.+))?$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const o = cleanEnglishObject((m[2] ?? '').replace(/\s+(?:at\s+all|ever|anymore)$/i, ''));
    // "I drink wine most evenings" / "I don't drink anymore": alcohol is one slot, said with a drink or without one
    if (/\bdrink\b/i.test(c)) {
      const bare = !o || /^(?:anymore|any\s+more|at\s+all|now|these\s+days|again|since|for\b|,)/i.test(o);
      const drink = ALCOHOL.exec(o)?.[0]?.toLowerCase();
      if (bare || drink) {
        const what = drink ?? 'alcohol';
        return [
          {
            ...draft('drinks.alcohol', what, 0.8, {
              content: m[1] ? `User does not drink ${bare ? 'alcohol' : what}` : `User drinks ${o}`,
            }),
            positive: !m[1],
          },
        ];
      }
    }
    if (!o || o.split(/\s+/).length > 4 || /^(?:out|in|at|with|lunch|dinner|breakfast|here)\b/i.test(o)) return null;
    // "we eat everything at home", "I eat anything, no restrictions": no diet is the diet
    if (
      !m[1] &&
      /^(?:(?:pretty\s+much|basically|just\s+about)\s+)?(?:everything|anything|all\s+sorts|whatever)\b/i.test(o)
    )
      return [draft('diet', o, 0.8, { content: `User eats ${o} (no diet)` })];
    return [{ ...draft(`diet.${slug(o)}`, o, 0.8), positive: !m[1] }];
  },
  // partner
  (c) => {
    // "I got engaged on Saturday": when it happened is not part of the status
    const m = new RegExp(
      S +
        String.raw`(?:got\s+)?(married|engaged)(?:\s+to\s+(.+?))?(?:\s+(?:on|in|at|over|last|this|back\s+in)\s+[\w\s]+|\s+(?:yesterday|today|recently))?$`,
      'i',
    ).exec(c);
    if (!m) return null;
    if (m[2])
      return [
        draft('partner', nameObject(m[2]) ?? cleanEnglishObject(m[2]), 0.88),
        draft('marital_status', m[1]!.toLowerCase(), 0.85),
      ];
    return [draft('marital_status', m[1]!.toLowerCase(), 0.85)];
  },
  (c) => {
    const m = new RegExp(
      S + String.raw`(?:got\s+divorced|broke\s+up|split\s+up|separated)(?:\s+(?:from|with)\s+(.+))?$`,
      'i',
    ).exec(c);
    if (!m) return null;
    if (m[1]) return [{ ...draft('partner', nameObject(m[1]) ?? cleanEnglishObject(m[1]), 0.85), positive: false }];
    return [draft('marital_status', /divorced/i.test(c) ? 'divorced' : 'single', 0.8)];
  },
  // pets, vehicles, possessions
  (c, ctx) => {
    const m = new RegExp(
      S +
        String.raw`(?:have|own|got|adopted|have\s+got|bought|rescued|have\s+adopted|drive|am\s+driving|ride|leased|purchased|picked\s+up)\s+(?:a|an|one|two|three|\d+|the|my)\s+(?:new\s+|little\s+|young\s+|old\s+|used\s+|second-hand\s+|cute\s+)*(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const rest = m[1]!;
    const named = /^(.+?)\s*,?\s+(?:named|called)\s+(.+)$/i.exec(rest);
    const noun = cleanEnglishObject(named ? named[1]! : rest);
    const lowerNoun = noun.toLowerCase();
    const petWord = Object.keys(PETS).find(
      (p) => lowerNoun === p || lowerNoun.endsWith(` ${p}`) || lowerNoun === `${p}s`,
    );
    if (petWord) {
      const name = named ? nameObject(named[2]!) : null;
      return [draft(`pet.${PETS[petWord]}`, name ?? PETS[petWord]!, 0.88, { label: noun })];
    }
    // "a younger brother named Kai": a named relative is that relative's name
    const kin = named ? FAMILY[lowerNoun.replace(/^(?:younger|older|little|big|baby|twin|step-?)\s*/, '')] : undefined;
    const kinName = kin ? nameObject(named![2]!) : null;
    if (kin && kinName) return [draft(`family.${kin}`, kinName, 0.86, { label: noun })];
    // "a golden retriever named Max", "a corn snake called Noodle": a named companion is a pet, whatever its kind
    const companion = named && !FAMILY[lowerNoun] && noun.split(/\s+/).length <= 3 ? nameObject(named[2]!) : null;
    if (companion && !/\b(?:drive|driving|ride|leased)\b/i.test(c) && !isVehicle(noun))
      return [draft(`pet.${slug(noun.replace(/^(?:a|an|the)\s+/i, ''))}`, companion, 0.84, { label: noun })];
    if (/\b(?:drive|driving|ride|leased)\b/i.test(c) || isVehicle(noun)) return [draft('vehicle', article(noun), 0.85)];
    const cat = categoryOf(noun);
    if (cat) return [draft(cat, noun, 0.82)];
    if (resolveTime(ctx.original ?? c, ctx.at, 'en')) return null; // "I have my exam tomorrow" is an event
    if (/^(?:have|own)\b/i.test(c.replace(new RegExp(`^i\\s+${ADV}`, 'i'), '')) && noun.split(/\s+/).length <= 4) {
      return [draft(`possession.${slug(noun)}`, article(noun), 0.65, { content: `User has ${article(noun)}` })];
    }
    return null;
  },
  // tools, editors, languages
  (c, ctx) => {
    const m = new RegExp(
      S +
        String.raw`(use|am\s+using|have\s+been\s+using|code\s+in|program\s+in|write\s+(?:code\s+|software\s+)?in|develop\s+in|work\s+in|switched\s+(?:over\s+)?to|moved\s+(?:over\s+)?to|migrated\s+to|changed\s+to|upgraded\s+to|downgraded\s+to|went\s+with|went\s+for|settled\s+on|picked|(?:mostly\s+|mainly\s+)?write|(?:mostly\s+|mainly\s+)?code\s+in)\s+(.+?)(?:\s+(?:for|as\s+my|to)\s+(.+))?$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const obj = cleanEnglishObject(m[2]!);
    if (!obj || /^(?:it|that|this|them|the\s+same)$/i.test(obj) || obj.split(/\s+/).length > 5) return null;
    const cat = categoryOf(obj.replace(/^(?:a|an|the)\s+/i, ''));
    if (cat) return [draft(cat, obj.replace(/^(?:a|an|the)\s+/i, ''), 0.88)];
    if (/^(?:moved|(?:mostly\s+|mainly\s+)?write|(?:mostly\s+|mainly\s+)?code)/i.test(m[1]!)) return null; // "moved to <place>" is handled by the residence rule
    if (/^work\s+in/i.test(m[1]!)) return [draft('industry', obj, 0.8, { content: `User works in ${obj}` })];
    if (m[3]) {
      const purpose = cleanEnglishObject(m[3]);
      const attr = ATTRIBUTE_KEYS[purpose.toLowerCase()] ?? `tool.${slug(purpose)}`;
      return [draft(attr, obj, 0.8, { content: `User uses ${obj} for ${purpose}` })];
    }
    const k = choiceKey(obj, ctx.known, `uses.${slug(obj)}`);
    return [draft(k.suffix, obj, 0.75)];
  },
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:speak|can\s+speak|am\s+fluent\s+in|am\s+learning|am\s+now\s+learning|started\s+learning|began\s+learning|have\s+been\s+learning|am\s+studying\s+(?=[A-Z]))\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const o = cleanEnglishObject(m[1]!);
    if (/learning|studying/i.test(c))
      return [draft(`learning.${slug(o)}`, o, 0.8, { content: `User is learning ${o}` })];
    return [draft('spoken_languages', o, 0.85)];
  },
  (c) => {
    const m = new RegExp(S + String.raw`(?:just\s+)?turned\s+(\d{1,3})\b`, 'i').exec(c);
    return m ? [draft('age', m[1]!, 0.9)] : null;
  },
  // preferences
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:do\s+)?(?:like|love|enjoy|adore|prefer|fancy|dig|appreciate|am\s+into|am\s+(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of|am\s+fond\s+of|am\s+crazy\s+about|am\s+obsessed\s+with|am\s+passionate\s+about|have\s+a\s+soft\s+spot\s+for|have\s+(?:always\s+)?loved|have\s+(?:always\s+)?liked|have\s+come\s+to\s+(?:like|love)|started\s+(?:liking|loving|enjoying)|got\s+into|(?:would\s+)?rather\s+have)\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const p = preferenceObject(m[1]!);
    if (!p) return null;
    const over =
      /\b(?:over|rather\s+than|more\s+than|instead\s+of)\s+(.+)$/i.exec(m[1]!) ??
      (/\bprefer\b/i.test(c) ? /\bto\s+(.+)$/i.exec(m[1]!) : null);
    const content = over ? `User prefers ${p} over ${cleanEnglishObject(over[1]!)}` : undefined;
    return [draft(`preference.${slug(p)}`, p, 0.85, content ? { content } : {})];
  },
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:dislike|hate|detest|loathe|despise|cannot\s+stand|can\s+not\s+stand|do\s+not\s+(?:really\s+|particularly\s+)?(?:like|love|enjoy|care\s+for|fancy)|am\s+not\s+(?:a\s+)?(?:big\s+|huge\s+)?(?:fan\s+of|into|fond\s+of|crazy\s+about)|never\s+liked|have\s+never\s+liked|am\s+(?:tired|sick)\s+of|got\s+(?:tired|sick)\s+of|have\s+grown\s+tired\s+of|avoid|stay\s+away\s+from|am\s+done\s+with)\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const p = preferenceObject(m[1]!);
    return p ? [{ ...draft(`preference.${slug(p)}`, p, 0.85), positive: false }] : null;
  },
  // "X is my favourite Y"
  (c) => {
    const m =
      /^(.+?)\s+(?:is|are|has\s+become|have\s+become|became)\s+(not\s+|no\s+longer\s+)?(?:now\s+|still\s+|definitely\s+)?my\s+(?:new\s+|all[-\s]time\s+|absolute\s+)?(?:favou?rite|preferred|go-to)\s+(.+)$/i.exec(
        c,
      );
    if (!m || /^(?:it|that|this|what|which|who)$/i.test(m[1]!.trim())) return null;
    const what = cleanEnglishObject(m[3]!.replace(/\s+(?:any\s?more|any\s+longer)$/i, ''));
    return [
      {
        ...draft(`favourite_${slug(what)}`, cleanEnglishObject(m[1]!), 0.88, {
          label: what.replace(/colour/g, 'color'),
        }),
        positive: !m[2],
      },
    ];
  },
  // generic "my X is (now) Y"
  (c, ctx) => {
    const m = new RegExp(
      String.raw`^(?:my|our|the)\s+(?:(new|current|present|actual|old|previous|former|ex)[-\s]+)?(.+?)\s+(?:is|are)\s+(not\s+|no\s+longer\s+)?(?:now\s+|still\s+|currently\s+|actually\s+|officially\s+)?(?:called\s+|named\s+)?(.+)$`,
      'i',
    ).exec(c);
    const changed = new RegExp(
      String.raw`^my\s+(?:(new|current)\s+)?(.+?)\s+(?:has\s+)?(?:changed|been\s+changed|been\s+updated|switched|moved)\s+to\s+()(.+)$`,
      'i',
    ).exec(c);
    const hit = m ?? changed;
    if (!hit) return null;
    const qualifier = hit[1]?.toLowerCase();
    if (qualifier && ['old', 'previous', 'former', 'ex'].includes(qualifier)) return null;
    const envSubject = /^(?:our|the)\b/i.test(c) ? ENV_SUBJECTS.exec(hit[2]!.trim()) : null;
    if (/^the\b/i.test(c) && !envSubject) return null;
    if (
      /^our\b/i.test(c) &&
      /^(?:project(?:'s)?\s+)?(?:deadline|launch(?:\s+date)?|release(?:\s+date)?|go-live(?:\s+date)?|due\s+date|budget|kickoff|demo(?:\s+day)?|milestone|sprint\s+length|team\s+size)$/i.test(
        hit[2]!.trim(),
      )
    )
      return null;
    if (
      envSubject &&
      m &&
      /^(?:written|built|deployed|hosted|called|named|using|based|running|powered)\b/i.test(hit[4]!)
    )
      return null;
    if (envSubject && m) {
      const subject = envSubject[1]!
        .toLowerCase()
        .replace(/^(?:application|mobile app)$/, 'app')
        .replace(/^db$/, 'database');
      const v = valueSpan(hit[4]!);
      return v
        ? [
            draft(`${subject}.is`, v, 0.85, {
              namespace: 'env',
              type: 'ENVIRONMENT',
              kind: 'fact',
              predicate: 'is',
              content: `The ${subject} is ${v}`,
            }),
          ]
        : null;
    }
    const key = attributeKey(hit[2]!);
    if (!key) return null;
    let value = cleanEnglishObject(hit[4]!);
    if (!value || value.split(/\s+/).length > 10) return null;
    const positive = !hit[3];
    if (
      key.suffix === 'name' ||
      key.suffix === 'partner' ||
      key.suffix.startsWith('pet.') ||
      key.suffix.startsWith('family.')
    ) {
      // "my wife is a lawyer": the partner slot holds who, so a role said of the partner is what they do
      if (key.suffix === 'partner' && /^(?:an?|the)\s/i.test(value) && positive) return null;
      value = nameObject(value) ?? value;
    }
    if (key.suffix === 'birthday') {
      const t = resolveTime(value.replace(/^on\s+/i, ''), ctx.at, 'en');
      const date =
        t && /^\d{4}-\d{2}-\d{2}/.test(t.value)
          ? /\b\d{4}\b/.test(value)
            ? t.value.slice(0, 10)
            : `--${t.value.slice(5, 10)}`
          : value;
      return [
        {
          ...draft('birthday', date, 0.88, { content: `User's birthday is ${value.replace(/^on\s+/i, '')}` }),
          positive,
        },
      ];
    }
    if (key.suffix === 'residence') value = value.replace(/^in\s+/i, '');
    if (key.suffix === 'employer') value = value.replace(/^(?:at|with)\s+/i, '');
    if (key.suffix === 'occupation') value = article(value.replace(/^(?:an?\s+)/i, ''));
    return [{ ...draft(key.suffix, value, 0.88, { label: key.label }), positive }];
  },
  // "I am (a/an) …": occupation, diet, identity, age, nationality, name
  (c, ctx) => {
    const m = new RegExp(
      S +
        String.raw`(?:am|have\s+been|became|have\s+become|will\s+be|got)\s+(?:now\s+|officially\s+)?(?:(an?)\s+(?:full|part)[-\s]time\s+)?(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    // "a full-time illustrator" is an illustrator
    const drafts = amPhrase(m[1] ? `${m[2]!.match(/^[aeiou]/i) ? 'an' : 'a'} ${m[2]!}` : m[2]!, ctx.at);
    return drafts.length ? drafts : null;
  },
  // project / environment facts
  (c) => {
    const m =
      /^(?:our|the|this|my)\s+(?:mobile\s+|web\s+|ios\s+|android\s+|main\s+)?(project|app|application|repo|repository|codebase|service|backend|frontend|front-end|back-end|api|website|site|stack|database|db|server|team|product|system|pipeline|ci|infrastructure|infra|cluster)(?:'s)?\s+(?:(main|primary|default|production|prod|staging)\s+)?(is\s+written\s+in|is\s+built\s+(?:with|on)|uses|is\s+using|runs\s+on|is\s+deployed\s+(?:on|to)|is\s+hosted\s+(?:on|at)|is\s+(?:called|named)|lives\s+(?:in|at)|deploys\s+to|deadline\s+is|targets|depends\s+on)\s+(.+)$/i.exec(
        c,
      );
    if (!m) return null;
    const subject = m[1]!
      .toLowerCase()
      .replace(/^(?:repository)$/, 'repo')
      .replace(/^(?:application)$/, 'app');
    let predicate = slug(m[3]!.replace(/^is\s+/i, ''));
    let obj = cleanEnglishObject(m[4]!);
    if (!obj) return null;
    // "uses Angular for the frontend", "is built with Postgres": the kind of the thing (or its purpose) names the slot
    if (/^(?:uses|using|built_(?:with|on))$/.test(predicate)) {
      const purpose = /^(.+?)\s+(?:for|as)\s+(?:the|our|its|a)\s+(.+)$/i.exec(obj);
      if (purpose) obj = purpose[1]!;
      const kind = categoryOf(obj);
      if (kind || purpose) predicate = kind ?? slug(purpose![2]!);
    }
    return [
      draft(`${subject}.${predicate}`, obj, 0.85, {
        namespace: 'env',
        type: 'ENVIRONMENT',
        kind: 'fact',
        predicate,
        content: `The ${subject} ${m[3]!.toLowerCase()} ${obj}`,
      }),
    ];
  },
  // "our deadline is June 1", "the project budget is $40k": an attribute of the user's project
  (c) => {
    const m =
      /^(?:our|the)\s+(?:project(?:'s)?\s+)?(deadline|launch(?:\s+date)?|release(?:\s+date)?|go-live(?:\s+date)?|due\s+date|budget|kickoff|demo(?:\s+day)?|milestone|sprint\s+length|team\s+size)\s+is\s+(?:now\s+)?(.+)$/i.exec(
        c,
      );
    if (!m) return null;
    const attr = m[1]!.toLowerCase();
    const v = valueSpan(m[2]!);
    return v
      ? [
          draft(`project.${slug(attr)}`, v, 0.85, {
            namespace: 'env',
            type: 'ENVIRONMENT',
            kind: 'fact',
            predicate: slug(attr),
            content: `The project ${attr} is ${v}`,
          }),
        ]
      : null;
  },
  (c) => {
    const m =
      /^we\s+(?:now\s+|currently\s+|mainly\s+|mostly\s+)?(?:use|are\s+using|deploy\s+(?:everything\s+|it\s+)?(?:to|on)|host\s+(?:everything\s+|it\s+|things\s+)?(?:on|at|with)|run\s+(?:everything\s+)?on|write\s+(?:everything|our\s+code)\s+in|code\s+in)\s+(.+?)(?:\s+(?:for|as\s+our)\s+(.+))?$/i.exec(
        c,
      );
    if (!m) return null;
    const obj = cleanEnglishObject(m[1]!);
    if (!obj || obj.split(/\s+/).length > 5) return null;
    const purpose = m[2] ? slug(cleanEnglishObject(m[2])) : (categoryOf(obj) ?? slug(obj));
    return [
      draft(`stack.${purpose}`, obj, 0.8, {
        namespace: 'env',
        type: 'ENVIRONMENT',
        kind: 'fact',
        content: `The team uses ${obj}${m[2] ? ` for ${cleanEnglishObject(m[2])}` : ''}`,
      }),
    ];
  },
];

const NEGATION_WRAPPERS: Array<{ re: RegExp; rewrite: (m: RegExpExecArray) => string; confidence: number }> = [
  { re: /^i\s+(?:have\s+)?no\s+longer\s+(.+)$/i, rewrite: (m) => `i ${m[1]}`, confidence: 1 },
  {
    re: /^i\s+(am|do)\s+not\s+(.+?)\s+(?:any\s?more|any\s+longer)$/i,
    rewrite: (m) => (m[1]!.toLowerCase() === 'am' ? `i am ${m[2]}` : `i ${m[2]}`),
    confidence: 1,
  },
  { re: /^i\s+used\s+to\s+(.+)$/i, rewrite: (m) => `i ${m[1]}`, confidence: 0.85 },
  {
    re: /^i\s+(?:have\s+)?(?:stopped|quit|gave\s+up|ceased)\s+(\w+ing)\b\s*(.*)$/i,
    rewrite: (m) => `i ${gerundToBase(m[1]!)} ${m[2]}`.trim(),
    confidence: 0.95,
  },
  {
    re: /^i\s+am\s+not\s+(?:a|an)\s+(.+?)\s+(?:any\s?more|any\s+longer)$/i,
    rewrite: (m) => `i am a ${m[1]}`,
    confidence: 1,
  },
];

/** Facts stated by one prepared English clause (first person, no question). */
export function englishClauseDrafts(clause: string, ctx: ClauseContext): FactDraft[] {
  if (HYPOTHETICAL.test(clause)) return [];
  for (const w of NEGATION_WRAPPERS) {
    const m = w.re.exec(clause);
    if (!m) continue;
    const inner = englishClauseDrafts(w.rewrite(m), ctx);
    if (inner.length) return inner.map((d) => ({ ...negate(d), confidence: d.confidence * w.confidence }));
    break;
  }
  for (const rule of [
    ...ENGLISH_LIFE_RULES,
    ...ENGLISH_TYPED_RULES,
    ...ENGLISH_FRAME_RULES,
    ...CHANGE_RULES,
    ...SLOT_RULES,
    ...RULES,
  ]) {
    const out = rule(clause, ctx);
    if (out && out.length) return out.filter((d) => d.object.trim().length > 0);
  }
  const event = eventDraft(clause, ctx);
  if (event.length) return event;
  return newNamedAttribute(clause) ?? habitDraft(clause, ctx);
}

/** Before an anchor: the statement is not asserted ("if I move to …", "I wonder whether I should …", "she said I …"). */
const NOT_ASSERTED =
  /\b(?:if|whether|unless|would|could|should|might|may|wish|hope|hoping|want(?:s|ed)?\s+to|plan(?:s|ning)?\s+to|thinking\s+(?:about|of)|considering|in\s+case|what\s+if|suppose|imagine|pretend|said|says|told|thinks?|asked|before|until|whenever|when)\s*(?:that\s+)?$/i;
/** "My wife and I", "Sam and I": a plural first person, treated as the user for personal facts. */
const WE_SUBJECT = /^(?:(?:my|our)\s+[a-z]+|[A-Z][\p{L}'-]+)\s+and\s+i\b/u;

/**
 * Statements anywhere in a prepared English clause: the clause itself, else each later first-person
 * anchor ("Could you suggest trails? … since I recently settled in Denver …") that is asserted, with
 * "we" read as the user for personal facts ("we moved to Bergen"). Parenthetical asides and quote
 * marks are not part of any value.
 */
/** "They transferred me to …", "My company moved me to …": done to the user, said as the user's ("i was transferred to …"). */
const DONE_TO_ME =
  /^(?:they|he|she|work|hr|(?:my|our|the)\s+(?:company|boss|employer|manager|firm|team|bank|agency)|[A-Z][\p{L}&'-]+)\s+(?:just\s+|finally\s+|recently\s+)?(transferred|moved|relocated|posted|reassigned|seconded|sent|promoted)\s+me\s+(?:over\s+)?(to|as)\s+/iu;

/** "The landlord raised it to $1,950", "my boss bumped my salary to 68k": an amount set by someone else, the agent naming the slot of "it". */
const SET_BY_OTHERS =
  /^(?:the|my|our)\s+(landlord|landlady|boss|company|employer|manager|bank|gym|school)\s+(?:just\s+|finally\s+)?(?:raised|increased|put\s+up|bumped(?:\s+up)?|hiked|cut|lowered|reduced|dropped)\s+(?:it|(?:my|our)\s+([a-z]+))\s+(?:up\s+|down\s+)?to\s+/i;
const AGENT_SLOT: Record<string, string> = {
  landlord: 'rent',
  landlady: 'rent',
  gym: 'membership fee',
  school: 'fees',
};
/** "Denver is home now", "Kotlin is my main language these days": the value first, said as the attribute's. */
const VALUE_FIRST =
  /^(\p{Lu}[\p{L}\d.+#'’ -]{0,40}?)\s+is\s+(home|my\s+[a-z ]{2,30}?)((?:\s+(?:now|these\s+days|nowadays))+)(?:\s*,.*)?$/u;

export function englishStatementDrafts(clause: string, ctx: ClauseContext): FactDraft[] {
  const text = clause
    .replace(VALUE_FIRST, (_m, v: string, attr: string) =>
      attr === 'home' ? `i live in ${v} now` : `${attr} is ${v} now`,
    )
    .replace(
      SET_BY_OTHERS,
      (_m, agent: string, slot: string | undefined) =>
        `my ${slot ?? AGENT_SLOT[agent.toLowerCase()] ?? 'salary'} is now `,
    )
    .replace(DONE_TO_ME, (_m, verb: string, prep: string) => `i was ${verb.toLowerCase()} ${prep} `)
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/["“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const attempt = (t: string): FactDraft[] => {
    const direct = englishClauseDrafts(t, ctx);
    if (direct.length) return direct;
    // "Upgraded to a Pixel", "Working at Costco now", "Officially a real estate agent now": the speaker is the subject.
    const implied = impliedSubject(t);
    if (implied) {
      const d = englishClauseDrafts(implied, ctx);
      if (d.length) return d;
    }
    const plural = (WE_SUBJECT.test(t) ? t.replace(WE_SUBJECT, 'we') : t)
      // "we're a vegetarian household now": what the household is, the user is
      .replace(/^we\s+are\s+((?:now\s+)?)(?:a|an)\s+(.+?)\s+(?:household|family|home)\b(\s+now)?.*$/i, 'we are $1$2$3');
    if (/^we\b/i.test(plural)) {
      const singular = plural
        .replace(/^we\s+(are|were)\b/i, (_m, v: string) => (v.toLowerCase() === 'are' ? 'i am' : 'i was'))
        .replace(/^we\b/i, 'i')
        .replace(/\bour\b/gi, 'my');
      return englishClauseDrafts(singular, ctx);
    }
    return [];
  };
  const first = attempt(calledByOthers(text) ?? text);
  if (first.length) return first;
  const anchors = /\b(?:i|we|my|our)\b|(?:(?:my|our)\s+[a-z]+|[A-Z][\p{L}'-]+)\s+and\s+i\b/giu;
  for (const m of text.matchAll(anchors)) {
    if (m.index === 0) continue;
    const prefix = text.slice(0, m.index);
    if (NOT_ASSERTED.test(prefix) || /\?\s*$/.test(prefix)) continue;
    const found = attempt(text.slice(m.index));
    if (found.length) return found;
  }
  return [];
}

const PAST_VERB =
  /^(?:just\s+|finally\s+|officially\s+|recently\s+|also\s+|then\s+)*(?:[a-z]{3,}ed|got|took|left|sold|bought|made|went|quit|began|became|ran|drove|won|lost|found|met|put|set|wrote|gave|broke|split|swapped|traded|switched|moved|joined|started|finished|picked\s+up|landed|dropped|cancell?ed|ditched|upgraded|adopted|rehomed|transferred|relocated|retired|graduated|married)\b/i;
const GERUND =
  /^(?:now\s+|currently\s+|still\s+)?(?:working|living|studying|dating|seeing|using|driving|learning|doing|playing|taking|running|staying|based|settled|teaching|training|interning)\b/i;
const FRAGMENT = /^(?:now\s+|officially\s+|finally\s+|proudly\s+)*(?:a|an)\s+\S/i;

/** A clause without its subject, read as the speaker's ("Upgraded to …" → "i upgraded to …"). */
export function impliedSubject(t: string): string | null {
  if (/^(?:i|we|my|our|you|he|she|they|it|this|that|there|the|a|an)\b/i.test(t) && !FRAGMENT.test(t)) return null;
  if (FRAGMENT.test(t)) return `i am ${t}`;
  if (GERUND.test(t)) return `i am ${t}`;
  if (PAST_VERB.test(t)) return `i ${t.replace(/^(\w)/, (c) => c.toLowerCase())}`;
  return null;
}

/** "it's Arctic Monkeys now", "his name is Leo": a value for the slot the previous statement was about. */
export function anaphoricDraft(clause: string, previous: FactDraft | null): FactDraft | null {
  if (!previous) return null;
  const it = /^(?:it|that|this)\s+(?:is|has\s+become|became)\s+(?:now\s+)?(.+?)(?:\s+now)?$/i.exec(clause);
  if (it && !previous.positive) {
    const v = valueSpan(it[1]!);
    return v ? { ...previous, object: v, positive: true, content: undefined, confidence: 0.8 } : null;
  }
  // "I've been hooked on Radiolab, it's my favourite podcast now": the value just stated, in the slot named
  const fav =
    /^(?:it|that|this|they)\s+(?:is|are|has\s+become|became)\s+(?:now\s+|officially\s+)?my\s+(?:new\s+)?(?:favou?rite|preferred|go-to)\s+(.+?)(?:\s+(?:now|these\s+days))?$/i.exec(
      clause,
    );
  if (fav && previous.positive && previous.object) {
    const what = cleanEnglishObject(fav[1]!);
    return draft(`favourite_${slug(what)}`, previous.object, 0.85, { label: what.replace(/colour/g, 'color') });
  }
  // "I switched banks, I'm with Chase now": the value of the slot just named as changed
  const now =
    /^(?:i\s+am|we\s+are)\s+(?:now\s+|currently\s+)?(?:with|at|on|using|in|into)\s+(.+?)(?:\s+(?:now|these\s+days|instead))?$/i.exec(
      clause,
    );
  if (now && !previous.positive && previous.object === '') {
    const v = valueSpan(now[1]!);
    return v ? { ...previous, object: v, positive: true, content: undefined, confidence: 0.8 } : null;
  }
  const named = /^(?:his|her|their|its)\s+name\s+is\s+(.+)$/i.exec(clause);
  if (!named) return null;
  const name = nameObject(named[1]!);
  if (!name) return null;
  const fam = /^(partner|pet\..+|family\..+)$/.exec(previous.suffix);
  const noun = /^possession\.(.+)$/.exec(previous.suffix)?.[1];
  const suffix = fam
    ? fam[1]!
    : noun
      ? FAMILY[noun]
        ? `family.${FAMILY[noun]}`
        : PETS[noun]
          ? `pet.${PETS[noun]}`
          : `${noun}_name`
      : null;
  return suffix
    ? draft(suffix, name, 0.82, suffix.startsWith('family.') ? { label: noun ?? suffix.slice(7) } : {})
    : null;
}

/** A first-person statement with a date that no other rule understood: recorded as an event. */
function eventDraft(clause: string, ctx: ClauseContext): FactDraft[] {
  if (!/^i\s+(?!am\s+not|do\s+not)/i.test(clause)) return [];
  const when = resolveTime(ctx.original ?? clause, ctx.at, 'en');
  if (!when) return [];
  const words = clause
    .replace(when.phrase, ' ')
    .replace(/^i\s+(?:am\s+|have\s+|will\s+|was\s+|had\s+)?/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (words.split(' ').length < 2) return [];
  const what = slug(
    words
      .split(' ')
      .filter((w) => !/^(?:a|an|the|my|to|on|at|in|for|going|gonna)$/i.test(w))
      .slice(0, 3)
      .join(' '),
  );
  const sentence = clause.includes(when.phrase) ? clause : `${clause} ${when.phrase}`;
  return [
    draft(`event.${what}`, when.value, 0.7, {
      kind: 'event',
      content: `${toThirdPerson(sentence)} (${when.value})`,
      predicate: 'event',
    }),
  ];
}

const IRREGULAR_PAST: Record<string, string> = wordTable({
  get: 'got',
  leave: 'left',
  take: 'took',
  begin: 'began',
  become: 'became',
  buy: 'bought',
  sell: 'sold',
  make: 'made',
  go: 'went',
  find: 'found',
  win: 'won',
  quit: 'quit',
  run: 'ran',
  drive: 'drove',
  ride: 'rode',
  meet: 'met',
  put: 'put',
  set: 'set',
  give: 'gave',
  come: 'came',
  land: 'landed',
  am: 'was',
});
/** "joining" → "joined", "moving" → "moved", "getting" → "got". */
export function pastOfGerund(gerund: string): string {
  const base = gerundToBase(gerund);
  if (IRREGULAR_PAST[base]) return IRREGULAR_PAST[base]!;
  if (/e$/.test(base)) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  return `${base}ed`;
}

/** "Since joining Salesforce my evenings …", "Ever since I moved to Lyon, …", "Now that we live in Ghent, …". */
const SUBORDINATOR = /^(?:ever\s+since|since|now\s+that|after|once|ever\s+after)\s+/i;
/** Where the main clause starts when no comma marks it: "my evenings are …", "our rent has …". */
const MAIN_WITHOUT_COMMA =
  /\s+(?=(?:my|our)\s+[a-z]+\s+(?:is|are|was|were|has|have|had|feel|feels|seem|seems|got|get|became|went)\b)/i;

/** The occasion a sentence opens with, as a statement of its own, and the rest; null when it opens with none. */
function leadingOccasion(sentence: string): [string, string] | null {
  const sub = SUBORDINATOR.exec(sentence);
  if (!sub) return null;
  const body = sentence.slice(sub[0].length);
  const comma = body.indexOf(', ');
  const bare = MAIN_WITHOUT_COMMA.exec(body);
  const end = comma > 0 ? comma : bare ? bare.index : -1;
  if (end <= 0) return null;
  const occasion = body.slice(0, end).trim();
  const rest = body.slice(end).replace(/^[,\s]+/, '');
  const gerund = /^([a-z]{3,}ing)\b(.*)$/i.exec(occasion);
  if (gerund) return [`I ${pastOfGerund(gerund[1]!.toLowerCase())}${gerund[2]}`, rest];
  if (/^(?:i|we|i'm|i've|we're|we've|my\s+\w+\s+and\s+i)\b/i.test(occasion)) return [occasion, rest];
  return null;
}

/** Splits a sentence into clauses at ", and I", "but I", "; I" and "and <verb>" with an implied "I". */
const FIRST_PERSON_START = /^(?:\W*[a-z]+[,!]?\s+)?(?:i|i'm|i've|i\s+am)\b/i;
const CONTINUED_AS_I_AM = /,\s+(?=(?:living|working|studying|based|staying)\s+(?:in|at|for|with|as|out\s+of)\s)/gi;
const CONTINUED_AS_I = /,\s+(?=(?:work|live|study|teach)\s+(?:in|at|for|with|as)\s)/gi;

export function englishClauses(sentence: string): string[] {
  const occasion = leadingOccasion(sentence.trim());
  if (occasion) return [occasion[0], ...englishClauses(occasion[1])];
  return (
    namedRelative(sentence)
      .replace(/\s+[—–]\s+|\s+-\s+(?=\S)/g, '\n')
      .replace(/:\s+(?=(?:i|we|my|our|i'm|i've|we're|we've)\b)/gi, '\n')
      .replace(
        /,?\s+(?:and|but|so|because|though|although|since|as|now\s+that)\s+(?=(?:(?:now|then|also|so)\s+)?(?:i|my|we|our|i'm|i've|i'd|im|we're|we've)\b)/gi,
        '\n',
      )
      .replace(
        /,\s+(?=(?:(?:now|then|so)\s+)?(?:i|my|i'm|i've|we|our|we're|we've|it's|it\s+is|his|her|they|they've|they're|he|she|he's|she's)\s)/gi,
        '\n',
      )
      // "so I'm Priya, living in Leeds now, work in marketing": a verb with no subject goes on with the user
      .replace(FIRST_PERSON_START.test(sentence) ? CONTINUED_AS_I_AM : /$^/, '\nI am ')
      .replace(FIRST_PERSON_START.test(sentence) ? CONTINUED_AS_I : /$^/, '\nI ')
      .replace(
        /,\s+(?=(?:the|our|this)\s+(?:project|app|repo|codebase|service|backend|frontend|website|site|stack|database|server|product|system|pipeline)\s+(?:now\s+)?(?:uses|is|runs|lives|depends|targets)\b)/gi,
        '\n',
      )
      .replace(
        /\s+and\s+(?=(?:now\s+)?(?:work|live|love|like|hate|use|drive|study|prefer|moved|own|speak|have|am|joined|started|began|bought|adopted|sold|left|quit|got|became|switched|signed|took|accepted|relocated|enrolled|transferred|changed|renamed|upgraded|traded|swapped|gave|ditched|dropped|cancell?ed|replaced|retired|graduated|picked|finished)\b)/gi,
        '\nI ',
      )
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean)
  );
}
