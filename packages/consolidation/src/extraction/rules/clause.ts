import { ATTRIBUTE_KEYS, FAMILY, PETS } from './lexicon';
import { slug } from './text';

/** Facts already known (stored or stated earlier in the session), to resolve "switched from X". */
export interface KnownFact {
  key: string;
  content: string;
  /** The fact's value ("Lisbon"); a change naming the old value is matched to this fact's key. */
  object?: string | null;
}

export interface ClauseContext {
  at: Date;
  known: KnownFact[];
  /** The clause as written (before openers and leading time phrases were removed), for dates. */
  original?: string;
  /** The whole sentence the clause is from. */
  sentence?: string;
}

export function attributeKey(attrRaw: string): { suffix: string; label: string } | null {
  let attr = attrRaw
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s+(?:these days|nowadays|right now|at the moment|now|currently|lately|anymore|any more)$/, '')
    .replace(
      /^(?:main|current|present|actual|usual|regular|primary|new|latest)\s+(?=(?:hobby|hobbies|job|job title|title|role|employer|company|city|home|address|email|phone|number|car|school|major|editor|browser|boss|manager|partner|team|diet|doctor|dentist|gym|bank)$)/,
      '',
    );
  // "username on the forum" is the "forum username"
  const on = /^([a-z]+(?: [a-z]+)?) (?:on|for|at|in) (?:the|my|our) ([a-z]+(?: [a-z]+)?)$/.exec(attr);
  if (on && !ATTRIBUTE_KEYS[attr]) attr = `${on[2]} ${on[1]}`;
  if (
    /^(?:bad|point|question|guess|pleasure|concern|issue|problem|thought|idea|understanding|opinion|take|answer|worry|fear|hope|mistake|fault|turn|apologies|apology|condolences|advice|suggestion|request|bet|feeling|impression|head|heart|day|week|life|dream|bad luck|god|gosh|goodness)$/.test(
      attr,
    )
  )
    return null;
  if (ATTRIBUTE_KEYS[attr]) return { suffix: ATTRIBUTE_KEYS[attr]!, label: attr };
  const fav = /^(?:(?:all[-\s]time|absolute|current|new)\s+)?(?:favou?rite|preferred|go-to)\s+(.+)$/.exec(attr);
  if (fav) return { suffix: `favourite_${slug(fav[1]!)}`, label: fav[1]!.replace(/colour/g, 'color') };
  const qualified = /^(work|personal|school|private|business|home|office|other|secondary|main|primary)\s+(.+)$/.exec(
    attr,
  );
  if (qualified && ATTRIBUTE_KEYS[qualified[2]!]?.startsWith('contact.')) {
    return { suffix: `${ATTRIBUTE_KEYS[qualified[2]!]!}_${qualified[1]}`, label: attr };
  }
  const possessive = /^(.+?)(?:'s|s')\s+(name|names)$/.exec(attr);
  if (possessive) {
    const rel = possessive[1]!;
    if (ATTRIBUTE_KEYS[rel] === 'partner') return { suffix: 'partner', label: rel };
    if (PETS[rel]) return { suffix: `pet.${PETS[rel]}`, label: rel };
    if (FAMILY[rel]) return { suffix: `family.${FAMILY[rel]}`, label: `${rel}'s name` };
    return { suffix: `${slug(rel)}_name`, label: attr };
  }
  if (PETS[attr]) return { suffix: `pet.${PETS[attr]}`, label: attr };
  if (FAMILY[attr]) return { suffix: `family.${FAMILY[attr]}`, label: attr };
  if (attr.split(' ').length > 4 || !/^[a-z][a-z0-9 '-]*$/.test(attr)) return null;
  return { suffix: slug(attr), label: attr };
}
