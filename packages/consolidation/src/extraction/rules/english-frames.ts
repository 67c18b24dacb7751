import { draft, type FactDraft } from './draft';
import type { ClauseContext } from './clause';
import { INSTRUMENTS, SPORTS } from './lexicon';
import { cleanEnglishObject } from './text';
import { isTimeZone } from './value-shape';
import { englishCount } from './counts';

/**
 * General English statement frames (issue 17, round 7) on a prepared clause: what the user is
 * reading, watching, playing or listening to now (a title), the user's time zone (any verb, the
 * value's kind names the slot), and the first day somewhere ("first day at X", "started at X",
 * "orientation at X University"). Titles are capitalised spans; the slot comes from the verb.
 */

type Rule = (c: string, ctx: ClauseContext) => FactDraft[] | null;

const SMALL = String.raw`(?:of|the|a|an|and|in|on|to|for|at|by|with|from|&|de|la|le|du|vs\.?)`;
const WORD = String.raw`(?:[\p{Lu}\d][\p{L}\p{N}'’:.!?&-]*)`;
/** A title: capitalised words with small words between them ("The Name of the Wind", "Baldur's Gate 3"). */
const TITLE = String.raw`["“]?(${WORD}(?:\s+(?:${SMALL}\s+)*${WORD})*)["”]?`;
// case-sensitive (titles are capitalised), so the verbs before a title spell out their capitals
const ME = String.raw`^(?:(?:[Ii]|[Ww]e)\s+(?:am|are)\s+|[Ii]'m\s+|[Ww]e're\s+)?(?:(?:[Nn]ow|[Cc]urrently|[Ss]till|[Aa]lso|[Jj]ust|[Ff]inally|[Rr]eally|[Aa]ctually|[Mm]ostly)\s+)*`;
const NOW = String.raw`(?:\s+(?:now|these\s+days|at\s+the\s+moment|right\s+now|currently|lately|this\s+(?:week|month)|every\s+\w+|at\s+night|on\s+my\s+\w+|for\s+\w+|again))*`;
const SCHOOL = /\b(?:University|College|School|Academy|Institute|Polytechnic|Conservatory)\b|\bUniversity\s+of\b/;

const VERB: Record<string, string> = {
  current_book: 'is reading',
  current_show: 'is watching',
  current_game: 'is playing',
  current_podcast: 'is listening to',
};
const title = (raw: string) => cleanEnglishObject(raw).replace(/[:.!?]+$/, '');

const MEDIA: Array<[RegExp, string, string]> = [
  [
    new RegExp(
      `${ME}(?:reading|re-reading|rereading|halfway\\s+through|partway\\s+through|listening\\s+to\\s+the\\s+audiobook\\s+of)\\s+${TITLE}${NOW}$`,
      'u',
    ),
    'current_book',
    'is reading',
  ],
  [
    new RegExp(
      `${ME}(?:watching|binge-?watching|bingeing|rewatching|re-watching|on\\s+season\\s+\\w+\\s+of|on\\s+episode\\s+\\w+\\s+of)\\s+${TITLE}${NOW}$`,
      'u',
    ),
    'current_show',
    'is watching',
  ],
  [
    new RegExp(`${ME}(?:playing|replaying|hooked\\s+on|grinding)\\s+${TITLE}${NOW}$`, 'u'),
    'current_game',
    'is playing',
  ],
  [
    new RegExp(`${ME}(?:listening\\s+to)\\s+(?:the\\s+)?${TITLE}(?:\\s+podcast)?${NOW}$`, 'u'),
    'current_podcast',
    'is listening to',
  ],
];

export const ENGLISH_FRAME_RULES: Rule[] = [
  englishCount,
  // "I'm reading Dune", "Now I'm halfway through Project Hail Mary", "I'm on season two of The Bear now"
  (c) => {
    for (const [re, suffix, verb] of MEDIA) {
      const m = re.exec(c);
      if (!m) continue;
      const t = title(m[1]!);
      if (!t || t.length < 2 || /^(?:I|It|This|That|The|A|An|My)$/.test(t)) return null;
      if (suffix === 'current_game' && (INSTRUMENTS.has(t.toLowerCase()) || SPORTS.has(t.toLowerCase()))) return null;
      return [draft(suffix, t, 0.8, { content: `User ${verb} ${t}` })];
    }
    return null;
  },
  // "I've moved on to Better Call Saul now", "started The Three-Body Problem": the one known medium goes on with a new title
  (c, ctx) => {
    const m = new RegExp(
      `^(?:(?:[Ii]|[Ww]e)\\s+(?:have\\s+)?)?(?:(?:now|just|finally|since)\\s+)*(?:moved\\s+on\\s+to|started|begun|switched\\s+to|onto|on\\s+to)\\s+${TITLE}${NOW}$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const media = ctx.known.filter((k) => /^user\.current_(?:book|show|game|podcast)$/.test(k.key));
    if (media.length !== 1) return null;
    const t = title(m[1]!);
    const suffix = media[0]!.key.slice('user.'.length);
    return t ? [draft(suffix, t, 0.78, { content: `User ${VERB[suffix]} ${t}` })] : null;
  },
  // "my commute podcast is Hardcore History now", "the book I'm reading is Circe", "my current show is Severance"
  (c) => {
    const m = new RegExp(
      String.raw`^(?:[Mm]y|[Tt]he)\s+(?:current\s+|new\s+|latest\s+|commute\s+|bedtime\s+|go-to\s+)*(book|novel|show|series|game|podcast|audiobook)(?:\s+(?:i\s+am|i'm)\s+(?:reading|watching|playing|listening\s+to))?\s+(?:is|right\s+now\s+is|at\s+the\s+moment\s+is)\s+(?:now\s+)?${TITLE}${NOW}(?:,.*)?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const kind = m[1]!.toLowerCase();
    const suffix = /book|novel|audiobook/.test(kind)
      ? 'current_book'
      : /show|series/.test(kind)
        ? 'current_show'
        : kind === 'game'
          ? 'current_game'
          : 'current_podcast';
    const t = title(m[2]!);
    return t ? [draft(suffix, t, 0.8, { content: `User's current ${kind} is ${t}` })] : null;
  },
  // "I'm on Pacific time", "I'm in UTC-5 now", "my time zone is GMT+8", "schedule things in Eastern time from now on"
  (c) => {
    const m =
      /^(?:i\s+am|i'm|we\s+are|we're)\s+(?:(?:now|currently|still|also|back|officially)\s+)*(?:on|in|based\s+in|working\s+(?:on|in)|living\s+(?:on|in))\s+(.+?)(?:\s+(?:now|these\s+days|since\s+.+|from\s+now\s+on|for\s+now|again|too))*$/i.exec(
        c,
      ) ??
      /\b(?:in|on|use|using)\s+(.+?)\s+(?:from\s+now\s+on|going\s+forward|for\s+now\s+on|from\s+here\s+on)\b/i.exec(c);
    if (!m) return null;
    const v = cleanEnglishObject(m[1]!);
    return isTimeZone(v) ? [draft('timezone', v.replace(/^the\s+/i, ''), 0.82, { label: 'time zone' })] : null;
  },
  // "today was my first day at Spotify", "I started at the Rosewood Hotel kitchen on Monday", "orientation week at Durham University starts Monday"
  (c) => {
    const m =
      /\b(?:my\s+)?first\s+(?:day|week|shift)\s+(?:at|with)\s+(.+?)(?=$|\s+(?:and|but|was|is|went|starts?|begins?|today|yesterday|on|this|last|next|tomorrow)\b|[,;])/i.exec(
        c,
      ) ??
      /^(?:i|we)\s+(?:just\s+|finally\s+|officially\s+)?(?:started|began)\s+(?:work(?:ing)?\s+|a\s+new\s+job\s+)?(?:at|with)\s+(.+?)(?=$|\s+(?:and|but|on|in|last|this|a|two|three|yesterday|today|recently)\b|[,;])/i.exec(
        c,
      ) ??
      /\b(?:orientation|induction|onboarding|enrolment|enrollment|freshers'?)(?:\s+week)?\s+(?:at|with)\s+(.+?)(?=$|\s+(?:and|but|was|is|starts?|begins?|on|this|next)\b|[,;])/i.exec(
        c,
      );
    if (!m) return null;
    const where = cleanEnglishObject(m[1]!).replace(/^(?:the|a)\s+(?=\p{Lu})/u, '');
    if (
      !/^\p{Lu}/u.test(where) ||
      /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)\b/.test(
        where,
      )
    )
      return null;
    if (SCHOOL.test(where)) return [draft('school', where, 0.82, { content: `User studies at ${where}` })];
    if (/^(?:orientation|induction|enrol|fresher)/i.test(m[0])) return null;
    return [draft('employer', where, 0.82)];
  },
];

/** "everyone calls me 'the lead designer'", "my team calls me the art director now": how others name the user now is what the user is. */
export function calledByOthers(clause: string): string | null {
  if (/\b(?:nobody|no\s+one|never|not|used\s+to|would|should)\b[^,;]*\bcalls?\s+me\b/i.test(clause)) return null;
  const m =
    /\b(?:calls?|refers?\s+to)\s+me\s+(?:as\s+)?["“']?((?:the|a|an|our)\s+[^"”',.;]+?)["”']?(?=$|\s+(?:now|these\s+days|since|already|which|and|but|at|around)\b|[,.;!])/iu.exec(
      clause,
    );
  if (!m) return null;
  const role = m[1]!.replace(/^(?:the|our|a|an)\s+/i, '');
  return `i am ${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role} now`;
}
