/**
 * A value that is a predicate about the subject, not a value of a slot: a linking verb or a degree
 * word first ("User's kids is getting excited about staying active", "User is turning business
 * plan", "… is so happy"). The extractor does not store such a value and retrieval lets nothing
 * compete with one that was stored before.
 */
const PREDICATE_VALUE =
  /^(?:getting|becoming|being|feeling|looking|seeming|growing|staying|keeping|turning|remaining|sounding|so|very|really|super|pretty|quite|too|totally|extremely)\s/iu;

/** "pretty much everything", "so much sugar": an amount, which is a value. */
const AMOUNT = /^(?:pretty|so|very)\s+much\s/i;

export function isPredicateValue(value: string): boolean {
  const v = value.trim();
  return PREDICATE_VALUE.test(v) && !AMOUNT.test(v);
}
