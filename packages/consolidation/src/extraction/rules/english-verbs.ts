import { draft, type FactDraft } from './draft';
import type { ClauseContext } from './clause';
import { valueSpan } from './english-changes';
import { gerundToBase, slug, toThirdPerson } from './text';

/**
 * Any habit or state a person states with a verb of their own ("I bank with Monzo", "I always
 * order a cortado", "I'm training for a marathon", "I volunteer at the shelter"): read when no
 * slot rule knows the verb, keyed by the verb (and its preposition) and the value, so two values
 * of one verb stay two facts ("I play tennis", "I play chess"). A later statement with the same
 * verb that says it holds now ("I order a flat white these days") is the same slot: it takes
 * the key of the one known fact with that verb, so it replaces the old value.
 */

/** Verbs of talk, thought, wishes and requests: what follows them is not a fact about the speaker. */
const NOT_A_HABIT = new Set(
  (
    'want need think know believe guess hope wish feel mean wonder try see hear say tell ask understand remember forget agree ' +
    'suppose plan intend get go come make let help look search find wait keep appreciate apologize apologise promise bet doubt ' +
    'care mind recommend suggest thank worry expect imagine realize realise notice admit reckon assume consider decide struggle ' +
    'manage seem happen tend like love enjoy hate prefer dislike would could should can will shall may might must do be have ' +
    'am is are was were been had has did does got gonna wanna gotta just also really only still even already never always ' +
    'usually mostly mainly often sometimes generally normally typically rarely barely hardly currently now actually probably ' +
    'maybe kinda sorta guess figure check send bring show give put take call write read ' +
    // quantifiers and modals that stand where a verb would ("I last spoke …", "we both face …", "I cannot wait")
    'last least all both each cannot ' +
    // a state of mind, not a habit ("I'm staying positive", "hanging in there")
    'stay remain become hang rock ' +
    // "I'm turning my business plan into a company": making something into another is no habit
    'turn'
  ).split(' '),
);
/** A word in -ly after "I" is an adverb ("I totally agree", "I definitely will"), except these verbs. */
const LY_VERBS = new Set('apply rely reply supply fly multiply comply imply rally tally'.split(' '));
/** A value is a thing, not the rest of a clause ("… can really boost your mood", "… together would be great"). */
const CLAUSE_IN_VALUE =
  /\b(?:is|are|was|were|be|been|being|am|would|will|can|could|should|must|not|do|does|did|let|lets)\b|^(?:and|or|but|then|so|hard|really|just|together|there|here|back|more|a\s+lot|lots)\b|\b(?:to|for|at|with|of|on|in|from|by|about|like)$|^(?:better|worse|well|badly|late|early|fine|ok|okay|hard|fast|slowly|less|again|alone|honestly|differently|best|most)$/i;
/** Past forms without -ed: a change or an event, read by other rules. */
const IRREGULAR_PAST = new Set(
  (
    'gave bought sold left went took made got came ran drove rode wrote began became found lost met won broke quit paid spent sent ' +
    'told said thought brought felt kept held stood sat slept swam flew grew knew threw wore chose fell fought caught taught sought ' +
    'led fed heard built dug hung lent meant rang sang sank shook shot shut spoke stole struck swore tore understood woke withdrew'
  ).split(' '),
);
/** Adverbs that trail a value without being part of it ("jazz mostly", "tea these days"). */
const TRAILING =
  /\s+(?:mostly|mainly|usually|always|often|sometimes|generally|normally|a\s+lot|lots|regularly|every\s+(?:day|week|morning|evening|night|weekend)|(?:a|per|each)\s+(?:day|week|month|night)|daily|weekly|these\s+days|nowadays|anymore|any\s+more)$/i;
const PREP = String.raw`(?:to|at|for|with|on|in|into|from|by|about|as|through|around|up|out)`;
const HABIT_ADV = String.raw`(?:(?:always|usually|mostly|mainly|often|generally|normally|typically|regularly|still|now|currently|primarily|exclusively|only|basically|pretty\s+much)\s+)*`;
/** The clause says the value holds now, after something else. */
const HOLDS_NOW =
  /\b(?:now|these\s+days|nowadays|lately|currently|at\s+the\s+moment|any\s?more|any\s+longer|instead|from\s+now\s+on|since|switched|started|anymore|no\s+longer)\b/i;
const NOT_A_VALUE =
  /^(?:it|that|this|them|him|her|you|me|us|those|these|one|some|any|more|a\s+lot|lots|something|anything|everything|nothing|myself|ourselves|yourself|themselves)$|^(?:what|how|why|when|where|who|whether|if|to|so|very|too|it|that|this|them|you)\b/i;

/** "two cups of coffee", "a pint of milk", "10 km": the quantity is the value's, the thing names the slot. */
const QUANTITY =
  /^(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple\s+of|several|\d+(?:\.\d+)?)\s+(?:(?:cups?|glasses|glass|pints?|bottles?|cans?|shots?|pieces?|slices?|bowls?|servings?|hours?|minutes?|times|laps|sets)\s+(?:of\s+)?)?/i;
function headOf(value: string): string {
  const v = value.replace(/^(?:a|an|the|my|our|some)\s+/i, '');
  // "a size 9 shoe", "20mg of citalopram": a size or an amount is the value's, the thing names the slot
  const thing = v
    .replace(QUANTITY, '')
    .replace(/^size\s+\d+(?:\.\d+)?\s+/i, '')
    .replace(/^\d+(?:\.\d+)?\s?(?:mg|g|ml|mcg|iu|kg|lbs?)\s+(?:of\s+)?/i, '');
  return slug(thing || v)
    .split('_')
    .slice(0, 3)
    .join('_');
}

/** "i always order a cappuccino", "i am training for a 10k": the verb, its preposition and the value. */
export function habitDraft(clause: string, ctx: ClauseContext): FactDraft[] {
  const m =
    new RegExp(String.raw`^i\s+${HABIT_ADV}([a-z]{3,})(?:s)?(?:\s+(${PREP}))?\s+(.+)$`, 'i').exec(clause) ??
    new RegExp(String.raw`^i\s+am\s+${HABIT_ADV}([a-z]{3,}ing)(?:\s+(${PREP}))?\s+(.+)$`, 'i').exec(clause);
  if (!m) return [];
  const progressive = /ing$/i.test(m[1]!) && /^i\s+am\b/i.test(clause);
  const verb = (progressive ? gerundToBase(m[1]!) : m[1]!).toLowerCase();
  // a past or participle form is an event or a change, which other rules read
  if (
    NOT_A_HABIT.has(verb) ||
    IRREGULAR_PAST.has(verb) ||
    IRREGULAR_PAST.has(verb.replace(/^re/, '')) ||
    (!progressive && /(?:ed|ing)$/.test(verb))
  )
    return [];
  if (/ly$/.test(verb) && !LY_VERBS.has(verb)) return [];
  const prep = m[2]?.toLowerCase();
  let value = valueSpan(m[3]!);
  while (TRAILING.test(value)) value = value.replace(TRAILING, '');
  if (!value || NOT_A_VALUE.test(value) || CLAUSE_IN_VALUE.test(value) || value.split(/\s+/).length > 6) return [];
  const slot = slug(prep ? `${verb} ${prep}` : verb);
  const own = `user.does.${slot}.`;
  const said = ctx.original ?? clause;
  const same = HOLDS_NOW.test(said) ? ctx.known.filter((k) => k.key.startsWith(own) && k.object) : [];
  const suffix = same.length === 1 ? same[0]!.key.slice('user.'.length) : `does.${slot}.${headOf(value)}`;
  const phrase = progressive ? `i am ${m[1]!.toLowerCase()}` : `i ${verb}`;
  return [
    draft(suffix, value, 0.66, {
      content: toThirdPerson(`${phrase}${prep ? ` ${prep}` : ''} ${value}`),
      predicate: slot,
      kind: 'fact',
    }),
  ];
}
