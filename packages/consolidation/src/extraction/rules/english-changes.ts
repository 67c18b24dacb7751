import { draft, noLonger, type FactDraft } from './draft';
import { attributeKey, type ClauseContext, type KnownFact } from './clause';
import { ATTRIBUTE_KEYS, FAMILY, PETS, categoryOf, isVehicle } from './lexicon';
import { cleanEnglishObject, gerundToBase, slug, toThirdPerson } from './text';
import { draftForKey, knownFactWithValue } from './value-match';

/**
 * Rules for statements of change (English): a new value replacing an old one in one sentence
 * ("traded the Civic for a Tesla", "moved the app off Heroku onto AWS", "switched my major from
 * economics to philosophy"), the old value negated ("gave up French", "Max passed away"), counts,
 * frequencies and times of routines, and open attribute changes ("raised my rent to $1,350").
 * The key comes from the attribute named, else from the known fact holding the old value, else
 * from the category of the new value — never from a fact that only shares a word.
 */

type Rule = (c: string, ctx: ClauseContext) => FactDraft[] | null;

const OBJ_END = String.raw`(?=$|[,;](?!\d)|\s+(?:and|but|so|because|since|as|after|before|when|while|which|who|where|instead|during|throughout|until|these\s+days|nowadays|now|downtown|uptown|nearby|there|here|remotely|full-time|part-time|too|again|for\s+(?:work|good|the|my|our|a)|with\s+(?:my|our|the|a)|last|this|next|in\s+(?:the\s+(?:spring|summer|autumn|fall|winter|new\s+year|mornings?|evenings?|afternoons?)\b|(?:early|late|mid)[-\s]|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec|spring|summer|autumn|fall|winter|(?:19|20)\d\d)|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the\s+weekend)|at\s+(?:my|our|work|home|school)|yesterday|today|recently|lately|already|at\s+last|over\s+the\s+(?:weekend|holidays?|summer|winter|break)|(?:a\s+few|a\s+couple\s+of|a|one|two|three|several|\d+)\s+(?:days?|weeks?|months?|years?)\s+(?:ago|later|back))\b)`;

/** The value a phrase starts with: up to the first clause boundary, cleaned. */
export function valueSpan(text: string): string {
  const m = new RegExp(String.raw`^(.+?)${OBJ_END}`, 'i').exec(text.trim());
  return cleanEnglishObject(m ? m[1]! : text).replace(/^(?:a|an|the|my|our)\s+(?=\S)/i, (a) =>
    /^(?:a|an)\s/i.test(a) ? a : '',
  );
}

const bare = (v: string) => v.replace(/^(?:a|an|the|my|our|their)\s+/i, '').trim();
const article = (np: string) => (/^(?:a|an|the)\s/i.test(np) ? np : `${/^[aeiou]/i.test(np) ? 'an' : 'a'} ${np}`);

/** The content of a changed value under a known fact: the old sentence with the new value in it. */
function replacedContent(k: KnownFact, next: string): string | undefined {
  if (!k.object || !k.content.includes(k.object)) return undefined;
  return k.content.replace(k.object, next);
}

const replaced = (k: KnownFact, next: string) =>
  k.object && k.content.includes(k.object) ? k.content.replace(k.object, next) : `${k.content} → ${next}`;

/** A new value for whatever the old value was (a known fact), else for the new value's category. */
function changeTo(
  oldValue: string | null,
  next: string,
  ctx: ClauseContext,
  fallback: (v: string) => FactDraft[] | null,
): FactDraft[] | null {
  const known = oldValue ? knownFactWithValue(oldValue, ctx.known) : null;
  if (known) {
    const content = known.key.startsWith('env.') ? replacedContent(known, next) : undefined;
    return [
      draftForKey(
        known.key,
        known.key.endsWith('.vehicle') || known.key === 'user.vehicle' ? article(bare(next)) : next,
        0.88,
        content ? { content } : {},
      ),
    ];
  }
  const cat = categoryOf(bare(next));
  if (cat) return [draft(cat, bare(next), 0.85)];
  if (isVehicle(next)) return [draft('vehicle', article(bare(next)), 0.85)];
  return fallback(next);
}

/** Negates every known fact whose value is this ("gave up French", "Max passed away"). */
function endValue(value: string, ctx: ClauseContext): FactDraft[] | null {
  const known = knownFactWithValue(value, ctx.known);
  if (!known) return null;
  return [{ ...draftForKey(known.key, known.object!, 0.85), positive: false, content: noLonger(known.content) }];
}

/** "my forum username", "username on the forum" → the same slot key. */
export function attributeSlot(attr: string): { suffix: string; label: string } | null {
  return attributeKey(
    attr.replace(/^(?:new|current|old|previous)\s+/i, '').replace(/\s+(?:over|up|back|out|down|around)$/i, ''),
  );
}

const NUMBER = String.raw`(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\s+dozen|twenty|thirty|forty|fifty|a\s+hundred|hundreds)`;
const FREQUENCY = String.raw`(?:once|twice|${NUMBER}\s+times?|every\s+(?:day|week|weekend|morning|evening|other\s+\w+|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|daily|weekly|monthly)(?:\s+(?:a|per|each|every)\s+(?:day|week|month|year|weekend))?`;
const TIME = String.raw`(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midnight)`;
/** A day named: the time belongs to one occasion, not to a routine. */
const DATED =
  /\b(?:tomorrow|tonight|today|yesterday|next|last|this\s+(?:week|weekend|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|appointment|meeting|interview|flight|reservation|\d{1,2}(?:st|nd|rd|th)\b|(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d)/i;
const ROUTINE_VERBS =
  /^(?:go|goes|going|went|get|gets|getting|do|does|doing|have|has|take|takes|start|starts|head|heads|hit|usually|normally|always|generally|typically|often|to|the|a|my|at|up)$/;

/** "have to get up" → "get up": what the user does, without the obligation. */
const bareActivity = (phrase: string) => phrase.replace(/^(?:(?:have|has|need|needs|got|must|gotta)\s+)?to\s+/i, '');

/** The activity of a routine as a key ("go to the gym" → gym, "wake up" → wake_up, "do yoga" → yoga). */
function activityKey(phrase: string): string | null {
  const words = phrase
    .toLowerCase()
    .replace(/^(?:(?:have|has|need|needs|got|must|gotta)\s+)?to\s+/, '')
    .replace(/[^a-z\s-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .filter((w, i) => !(i === 0 && /^(?:am|is|are|was|be|been|being|will)$/.test(w)))
    .map((w) => (w === 'getting' ? 'get' : w));
  if (words.join(' ') === 'wake up' || words[0] === 'wake' || (words[0] === 'get' && words[1] === 'up'))
    return 'wake_up';
  const kept = words
    .filter((w) => !ROUTINE_VERBS.test(w))
    .map((w) => (/ing$/.test(w) ? gerundToBase(w) : w))
    .filter((w) => w.length > 1);
  return kept.length ? slug(kept.slice(-2).join(' ')) : null;
}

const singular = (w: string) => w.replace(/(?<=[^s])s$/i, '');

const S = String.raw`^i\s+(?:(?:just|recently|finally|now|also|actually|officially|have|had|then|eventually|already|really)\s+)*`;

/** A known fact whose value has the same head noun ("the Paris office" for "the Madrid office"), if exactly one. */
function sameHeadKey(value: string, known: readonly KnownFact[]): string | null {
  const head = (v: string) => (/([a-z]{3,})$/i.exec(bare(v).toLowerCase())?.[1] ?? '').replace(/s$/, '');
  const h = head(value);
  if (!h || /^(?:one|thing|place|time|job|work)$/.test(h)) return null;
  const keys = new Set(
    known.filter((k) => k.object && head(k.object) === h && normalize(k.object) !== normalize(value)).map((k) => k.key),
  );
  return keys.size === 1 ? [...keys][0]! : null;
}
const normalize = (v: string) => bare(v).toLowerCase();

/** The words of EMAIL_OR_PHONE a label's value holds, else its span. */
const EMAIL_IN = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE_IN = /\+?\d[\d\s().-]{5,}\d/;

export const CHANGE_RULES: Rule[] = [
  // "retrained as a paramedic", "requalified as a teacher", "I'm now certified as an electrician"
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:am\s+(?:now\s+)?)?(?:re-?trained|re-?qualified|qualified|certified|re-?skilled)\s+(?:to\s+be\s+|as\s+)(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const role = valueSpan(m[1]!).replace(/^(?:a|an|the)\s+/i, '');
    return role && role.split(/\s+/).length <= 4 ? [draft('occupation', article(role), 0.86)] : null;
  },
  // "I got transferred to the Berlin office", "I was moved to the night team": a place of work, in the slot
  // of the known value of the same kind (head noun) when there is one
  (c, ctx) => {
    const m = new RegExp(
      S +
        String.raw`(?:got|was|have\s+been|been|am\s+being)\s+(?:transferred|moved|relocated|posted|reassigned|seconded|sent)\s+(?:over\s+)?to\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const place = valueSpan(m[1]!);
    if (!place) return null;
    const key = sameHeadKey(place, ctx.known);
    return [key ? draftForKey(key, bare(place), 0.85) : draft('work_location', bare(place), 0.82)];
  },
  // "my new company, Heineken", "our new manager — Priya", "new email: ana@x.es": a slot named as new, its value beside it
  (c) => {
    const m =
      /\b(?:[Mm]y|[Oo]ur)\s+[Nn]ew\s+([a-z]+(?:\s+[a-z]+)?)\s*(?:,|:|—|–|\(|\bis\b)\s*(\p{Lu}[\p{L}\p{N}&.'’-]*(?:\s+\p{Lu}[\p{L}\p{N}&.'’-]*){0,3})/u.exec(
        c,
      ) ?? /^(?:my\s+)?new\s+([a-z]+(?:\s+[a-z]+)?)\s*(?::|=)\s*(.+)$/i.exec(c);
    if (!m) return null;
    const attr = m[1]!.toLowerCase();
    if (!ATTRIBUTE_KEYS[attr] && !FAMILY[attr] && !PETS[attr]) return null;
    const suffix = attributeKey(attr)?.suffix;
    if (!suffix) return null;
    const raw = m[2]!;
    const value = suffix.startsWith('contact.email')
      ? EMAIL_IN.exec(raw)?.[0]
      : suffix.startsWith('contact.phone')
        ? PHONE_IN.exec(raw)?.[0]
        : valueSpan(raw.replace(/[.,:;—–)]+.*$/, ''));
    return value ? [draft(suffix, value, 0.86, { label: attr })] : null;
  },
  // "traded (in) the Civic for a Tesla", "swapped X for Y", "replaced X with Y", "ditched X for Y"
  (c, ctx) => {
    const m = new RegExp(
      S +
        String.raw`(?:traded|swapped|exchanged|ditched|dropped|replaced|switched\s+out|left)\s+(?:in\s+)?(?:my\s+|our\s+|the\s+)?(.+?)\s+(?:for|with)\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const oldV = valueSpan(m[1]!);
    const next = valueSpan(m[2]!.replace(/^(?:a|an)\s+(?:new\s+)?/i, (a) => a.replace(/new\s+/i, '')));
    if (!oldV || !next) return null;
    return changeTo(oldV, next, ctx, (v) =>
      /^[A-Z]/.test(bare(v)) && /^left$/i.test(c.split(/\s+/).find((w) => /left/i.test(w)) ?? '')
        ? [draft('employer', bare(v), 0.8)]
        : null,
    );
  },
  // "moved the app off Heroku onto AWS", "migrated the project from X to Y", "switched the project from X to Y"
  (c, ctx) => {
    const m =
      /^(?:i|we)\s+(?:(?:have|finally|just|recently|then|also)\s+)*(?:moved|migrated|switched|changed|ported|transitioned|converted|finished\s+migrating|finished\s+moving)\s+(?:(?:the|our|my)\s+(.+?)\s+)?(?:off(?:\s+of)?|from|away\s+from)\s+(.+?)\s+(?:onto|to|over\s+to|into|for)\s+(.+)$/i.exec(
        c,
      );
    if (!m) return null;
    const oldV = valueSpan(m[2]!);
    const next = valueSpan(m[3]!);
    if (!oldV || !next) return null;
    return changeTo(oldV, next, ctx, () => null);
  },
  // "we rewrote the backend in Go"
  (c, ctx) => {
    const m =
      /^(?:i|we)\s+(?:(?:have|just|finally)\s+)*(?:rewrote|rebuilt|ported|reimplemented|migrated|moved)\s+(?:the|our|my)\s+(?:mobile\s+|web\s+)?(project|app|application|backend|frontend|service|api|website|site|codebase|server)\s+(?:over\s+)?(?:in|with|using|to|onto)\s+(.+)$/i.exec(
        c,
      ) ??
      /^(?:the|our|my)\s+(?:mobile\s+|web\s+)?(project|app|application|backend|frontend|service|api|website|site|codebase|server)\s+(?:got|was|has\s+been|is\s+being|is\s+now)\s+(?:completely\s+|fully\s+)?(?:rewritten|rebuilt|ported|reimplemented|migrated|moved)\s+(?:over\s+)?(?:in|with|using|to|onto)\s+(.+)$/i.exec(
        c,
      );
    if (!m) return null;
    const subject = m[1]!.toLowerCase().replace('application', 'app');
    const v = valueSpan(m[2]!);
    if (!v) return null;
    // The one thing known about this subject is what changed ("the API runs on Express" → Fastify).
    const held = ctx.known.filter((k) => k.key.startsWith(`env.${subject}.`) && k.object);
    if (held.length === 1) return [draftForKey(held[0]!.key, v, 0.85, { content: replaced(held[0]!, v) })];
    return [
      draft(`${subject}.written_in`, v, 0.85, {
        namespace: 'env',
        type: 'ENVIRONMENT',
        kind: 'fact',
        predicate: 'written_in',
        content: `The ${subject} is written in ${v}`,
      }),
    ];
  },
  // "switched my major from economics to philosophy", "changed my forum username to X", "upgraded my phone to a Pixel 8", "renamed our dog to Bear"
  (c, ctx) => {
    const m =
      /^(?:i|we)\s+(?:(?:have|just|finally|recently|officially|ended\s+up|also)\s+)*(?:switched|changed|changing|upgraded|updated|moved|renamed|renaming|set|made|bumped|upped|increased|reduced|cut|lowered|raised)\s+(?:my|our|the)\s+(.+?)\s+(?:(?:up|down|back|over)\s+)?(?:from\s+(.+?)\s+)?to\s+(.+)$/i.exec(
        c,
      );
    if (!m) return null;
    const next = valueSpan(m[3]!);
    if (!next) return null;
    if (new RegExp(`^${FREQUENCY}$`, 'i').test(next)) {
      const act = activityKey(m[1]!);
      return act
        ? [draft(`frequency.${act}`, next, 0.85, { content: `User does ${m[1]!.toLowerCase()} ${next}` })]
        : null;
    }
    const pet = /^(dog|cat|puppy|kitten|parrot|rabbit|hamster)$/i.exec(m[1]!.trim());
    if (pet)
      return [
        draft(`pet.${singular(pet[1]!.toLowerCase()).replace('puppy', 'dog').replace('kitten', 'cat')}`, next, 0.85),
      ];
    const slot = attributeSlot(m[1]!);
    if (!slot) return null;
    if (m[2]) {
      const known = knownFactWithValue(valueSpan(m[2]), ctx.known);
      if (known) return [draftForKey(known.key, next, 0.88)];
    }
    const cat =
      slot.suffix === 'phone' || (slot.suffix === 'contact.phone' && !/\d/.test(next)) ? categoryOf(bare(next)) : null;
    if (cat) return [draft(cat, bare(next), 0.85)];
    return [draft(slot.suffix, slot.suffix === 'vehicle' ? article(bare(next)) : next, 0.88, { label: slot.label })];
  },
  // "the landlord raised my rent to $1,350", "the client pushed our deadline to April 2", "the deadline moved to June 15"
  (c) => {
    const VERB = String.raw`(?:moved|pushed(?:\s+back)?|postponed|delayed|changed|bumped|upped|raised|increased|lowered|reduced|cut|extended|brought\s+forward|updated|shifted|slipped|slid|rescheduled)`;
    const passive = new RegExp(
      String.raw`^(my|our|the|)\s*([a-z][a-z ]{1,30}?)\s+(?:has\s+been\s+|was\s+|got\s+|is\s+|has\s+)?${VERB}\s+(?:(?:back|up|forward|out)\s+)?to\s+(.+)$`,
      'i',
    ).exec(c);
    const active = new RegExp(
      String.raw`^(?:[a-z]+\s+){0,3}?${VERB}\s+(my|our|the|its|their)\s+([a-z][a-z ]{1,30}?)\s+(?:(?:back|up|down|forward)\s+)?to\s+(.+)$`,
      'i',
    ).exec(c);
    const appointment =
      /^(?:the|my|our)\s+([a-z]+)\s+(?:has\s+)?(?:rescheduled|moved|pushed|bumped|switched)\s+(?:me|us|it|my\s+appointment)\s+(?:(?:back|up|forward)\s+)?(?:to|for)\s+(.+)$/i.exec(
        c,
      );
    if (appointment && !passive) {
      const next = valueSpan(appointment[2]!);
      return next
        ? [
            draft(`${slug(appointment[1]!)}_appointment`, next, 0.84, {
              label: `${appointment[1]!.toLowerCase()} appointment`,
            }),
          ]
        : null;
    }
    const m = passive ?? active;
    if (!m) return null;
    // Without a determiner only a project date names its slot ("Launch slipped to November"), never "we moved to …".
    if (
      passive &&
      !active &&
      !m[1] &&
      !/^(?:deadline|launch|launch date|release|release date|go-live|due date|kickoff|demo|milestone)$/i.test(
        m[2]!.trim(),
      )
    )
      return null;
    const possessive = (m[1] ?? '').toLowerCase();
    const attr = m[2]!.trim().toLowerCase();
    const next = valueSpan(m[3]!);
    if (!next) return null;
    if (
      /^(?:deadline|launch|launch date|release|release date|go-live|go live|due date|kickoff|demo|budget|sprint|milestone)$/.test(
        attr,
      ) ||
      possessive === 'our'
    ) {
      const key = slug(attr);
      return [
        draft(`project.${key}`, next, 0.85, {
          namespace: 'env',
          type: 'ENVIRONMENT',
          kind: 'fact',
          predicate: key,
          content: `The project ${attr} is ${next}`,
        }),
      ];
    }
    const slot = attributeSlot(attr);
    return slot ? [draft(slot.suffix, next, 0.85, { label: slot.label })] : null;
  },
  // old value negated: "gave up (on) French", "put Spanish on hold", "stopped using X", "X passed away"
  (c, ctx) => {
    const m = new RegExp(
      S +
        String.raw`(?:gave\s+up(?:\s+on)?|put|dropped|quit|stopped|sold|gave\s+away|rehomed|lost)\s+(?:my\s+|our\s+|the\s+|on\s+)?(.+?)(?:\s+on\s+hold)?$`,
      'i',
    ).exec(c);
    const died =
      /^(?:my\s+|our\s+)?(?:[a-z]+\s+)?([A-Z][\p{L}'-]+)\s+(?:passed\s+away|died|ran\s+away|was\s+put\s+down)\b/u.exec(
        c,
      );
    const target = m ? valueSpan(m[1]!) : died ? died[1]! : null;
    if (!target) return null;
    return endValue(target, ctx);
  },
  // "X and I broke up / split up / got divorced"
  (c, ctx) => {
    const m =
      /^([A-Z][\p{L}'-]+)\s+and\s+i\s+(?:have\s+)?(?:broke\s+up|split\s+up|separated|got\s+divorced|divorced|are\s+(?:over|done|no\s+longer\s+together))\b/iu.exec(
        c,
      );
    if (!m) return null;
    return endValue(m[1]!, ctx) ?? [{ ...draft('partner', m[1]!, 0.85), positive: false }];
  },
  // "got promoted (from junior developer) to senior developer"
  (c) => {
    const m = new RegExp(
      S + String.raw`(?:got|was|have\s+been|been)\s+promoted\s+(?:from\s+.+?\s+)?to\s+(.+)$`,
      'i',
    ).exec(c);
    if (!m) return null;
    const role = valueSpan(m[1]!).replace(/^(?:a|an|the)\s+/i, '');
    return role ? [draft('occupation', article(role), 0.88)] : null;
  },
  // commute: "I drive to work", "I take the bus to work", "started cycling to work"
  (c) => {
    const m =
      new RegExp(
        S +
          String.raw`(?:usually\s+|now\s+|started\s+|began\s+|have\s+started\s+)?(drive|walk|cycle|bike|run|ride\s+my\s+bike|cycling|biking|walking|driving|take\s+the\s+\w+|taking\s+the\s+\w+|catch\s+the\s+\w+|commute\s+by\s+\w+|get\s+to\s+work\s+by\s+\w+)\s+(?:to\s+(?:work|the\s+office)|in)\b`,
        'i',
      ).exec(c) ?? new RegExp(S + String.raw`(?:usually\s+)?(?:commute|get\s+to\s+work)\s+by\s+(\w+)`, 'i').exec(c);
    if (!m) return null;
    const mode = m[1]!
      .toLowerCase()
      .replace(/^(?:take|taking|catch|commute\s+by|get\s+to\s+work\s+by)\s+(?:the\s+)?/, '')
      .replace(/^ride my bike$/, 'cycling')
      .replace(/^(?:cycle|bike|biking)$/, 'cycling')
      .replace(/^drive$/, 'driving')
      .replace(/^walk$/, 'walking');
    const said = m[1]!.replace(/^(?:started|began)\s+/i, '');
    // "started cycling to work": a gerund is the mode, not a verb to conjugate
    const content = /ing$/i.test(said.split(/\s+/)[0]!)
      ? `User commutes to work by ${said.split(/\s+/)[0]!.toLowerCase()}`
      : `${toThirdPerson(`I ${said}`)} to work`;
    return [draft('commute', mode, 0.85, { content })];
  },
  // frequency of a routine: "I go to the gym three times a week", "I've been doing yoga twice a week"
  (c) => {
    const m = new RegExp(
      S +
        String.raw`(?:been\s+|usually\s+|still\s+)?(.+?)\s+(${FREQUENCY})(?:\s+(?:now|these\s+days|nowadays|lately|at\s+the\s+moment))?(?:\s+(?:to|so\s+that|so|because|since|for)\s+.+)?$`,
      'i',
    ).exec(c);
    if (!m || new RegExp(String.raw`\s(?:at|around|by)\s+${TIME}`, 'i').test(m[1]!)) return null;
    const act = activityKey(m[1]!);
    return act
      ? [
          draft(`frequency.${act}`, m[2]!.toLowerCase(), 0.85, {
            content: `${toThirdPerson(`I ${bareActivity(m[1]!)}`)} ${m[2]!.toLowerCase()}`,
          }),
        ]
      : null;
  },
  // time of a routine: "I usually wake up at 6:30", "I go to the gym at 6 pm now" (not a dated appointment)
  (c, ctx) => {
    const m = new RegExp(
      S + String.raw`(?:usually\s+|normally\s+|always\s+|generally\s+)?(.+?)\s+(?:at|around|by)\s+(${TIME})`,
      'i',
    ).exec(c);
    if (!m || DATED.test(ctx.original ?? c)) return null;
    const act = activityKey(m[1]!);
    return act
      ? [
          draft(`time.${act}`, m[2]!.toLowerCase(), 0.85, {
            content: `${toThirdPerson(`I ${bareActivity(m[1]!)}`)} at ${m[2]!.toLowerCase()}`,
          }),
        ]
      : null;
  },
  // counts: "I own three bikes", "I just hit 500 followers", "I'm now at 650 followers", "my team has 6 engineers", "finished my 5th painting"
  (c) => {
    const have = new RegExp(
      S +
        String.raw`(?:still\s+)?(?:have|own|got|reached|hit|crossed|passed|am\s+(?:now\s+)?at|have\s+got|collected|completed|finished|written|read|tried|taken|visited)\s+(?:a\s+total\s+of\s+|over\s+|about\s+|around\s+|exactly\s+)?(${NUMBER})\s+(?:new\s+)?([a-z][a-z-]+)`,
      'i',
    ).exec(c);
    const owner =
      /^my\s+([a-z][a-z -]{1,20}?)\s+(?:has|have|is\s+(?:now\s+)?at|is\s+up\s+to|reached|hit|has\s+grown\s+to|grew\s+to)\s+(?:over\s+|about\s+|around\s+)?(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)\s+([a-z][a-z-]+)/i.exec(
        c,
      );
    const nth = new RegExp(
      S +
        String.raw`(?:finished|completed|wrote|read|painted|ran|sold|published)\s+my\s+(\d+(?:st|nd|rd|th))\s+([a-z][a-z-]+)`,
      'i',
    ).exec(c);
    if (have) {
      const noun = singular(have[2]!.toLowerCase());
      if (/^(?:year|month|week|day|hour|minute|time|kid|child|children|more|of|times)$/.test(noun)) return null;
      return [
        draft(`count.${slug(noun)}`, have[1]!.toLowerCase(), 0.82, {
          content: `User has ${have[1]!.toLowerCase()} ${have[2]!.toLowerCase()}`,
        }),
      ];
    }
    if (owner) {
      const noun = singular(owner[3]!.toLowerCase());
      return [
        draft(`count.${slug(noun)}`, owner[2]!.toLowerCase(), 0.82, {
          content: `User's ${owner[1]!.toLowerCase()} has ${owner[2]!.toLowerCase()} ${owner[3]!.toLowerCase()}`,
        }),
      ];
    }
    if (nth) {
      const noun = singular(nth[2]!.toLowerCase());
      return [
        draft(`count.${slug(noun)}`, nth[1]!.replace(/\D+$/, ''), 0.8, {
          content: `User finished their ${nth[1]} ${noun}`,
        }),
      ];
    }
    return null;
  },
];
