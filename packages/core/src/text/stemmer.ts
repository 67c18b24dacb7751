/**
 * The Porter2 ("English Snowball") stemmer, applied to plain ASCII words only: "lives", "lived"
 * and "living" all become "live", so a query word matches its inflected forms in BM25.
 * Words with digits, apostrophes or non-ASCII letters (and CJK bigrams) pass through unchanged.
 * https://snowballstem.org/algorithms/english/stemmer.html
 */
const PLAIN_WORD = /^[a-z]+$/;
const isVowel = (c: string | undefined) => c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u' || c === 'y';
const DOUBLES = new Set(['bb', 'dd', 'ff', 'gg', 'mm', 'nn', 'pp', 'rr', 'tt']);
const LI_ENDING = new Set(['c', 'd', 'e', 'g', 'h', 'k', 'm', 'n', 'r', 't']);

const EXCEPTIONS: Readonly<Record<string, string>> = {
  skis: 'ski',
  skies: 'sky',
  dying: 'die',
  lying: 'lie',
  tying: 'tie',
  idly: 'idl',
  gently: 'gentl',
  ugly: 'ugli',
  early: 'earli',
  only: 'onli',
  singly: 'singl',
  sky: 'sky',
  news: 'news',
  howe: 'howe',
  atlas: 'atlas',
  cosmos: 'cosmos',
  bias: 'bias',
  andes: 'andes',
};
const AFTER_STEP_1A = new Set(['inning', 'outing', 'canning', 'herring', 'earring', 'proceed', 'exceed', 'succeed']);

const STEP2: ReadonlyArray<[string, string]> = [
  ['ization', 'ize'],
  ['ational', 'ate'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['iveness', 'ive'],
  ['tional', 'tion'],
  ['biliti', 'ble'],
  ['lessli', 'less'],
  ['entli', 'ent'],
  ['ation', 'ate'],
  ['alism', 'al'],
  ['aliti', 'al'],
  ['ousli', 'ous'],
  ['iviti', 'ive'],
  ['fulli', 'ful'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['abli', 'able'],
  ['izer', 'ize'],
  ['ator', 'ate'],
  ['alli', 'al'],
  ['bli', 'ble'],
  ['ogi', 'og'],
  ['li', ''],
];
const STEP3: ReadonlyArray<[string, string]> = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['alize', 'al'],
  ['icate', 'ic'],
  ['iciti', 'ic'],
  ['ative', ''],
  ['ical', 'ic'],
  ['ness', ''],
  ['ful', ''],
];
const STEP4 = [
  'ement',
  'ance',
  'ence',
  'able',
  'ible',
  'ment',
  'ant',
  'ent',
  'ism',
  'ate',
  'iti',
  'ous',
  'ive',
  'ize',
  'ion',
  'al',
  'er',
  'ic',
];

/** Start of the region after the first non-vowel that follows a vowel, from `from`. */
function regionAfter(w: string, from: number): number {
  for (let i = from + 1; i < w.length; i++) if (!isVowel(w[i]) && isVowel(w[i - 1])) return i + 1;
  return w.length;
}

/** Whether w ends in a short syllable (Porter2's definition). */
function endsShortSyllable(w: string): boolean {
  const n = w.length;
  if (n === 2) return isVowel(w[0]) && !isVowel(w[1]);
  if (n < 3) return false;
  const [a, b, c] = [w[n - 3], w[n - 2], w[n - 1]];
  return !isVowel(a) && isVowel(b) && !isVowel(c) && c !== 'w' && c !== 'x' && c !== 'Y';
}

export function stem(word: string): string {
  if (word.length <= 2 || !PLAIN_WORD.test(word)) return word;
  // Own keys only: "constructor" is a word, not Object.prototype's.
  if (Object.hasOwn(EXCEPTIONS, word)) return EXCEPTIONS[word]!;

  // Y marks a consonant y (initial, or after a vowel).
  let w = word.replace(/^y/, 'Y').replace(/([aeiouy])y/g, '$1Y');
  const r1 = /^(gener|commun|arsen)/.exec(w)?.[0].length ?? regionAfter(w, 0);
  const r2 = regionAfter(w, r1);
  const inR1 = (suffix: string) => w.length - suffix.length >= r1;
  const inR2 = (suffix: string) => w.length - suffix.length >= r2;
  const cut = (n: number) => (w = w.slice(0, w.length - n));

  // Step 1a (step 0 is the tokenizer's: it already drops ' and 's).
  if (w.endsWith('sses')) cut(2);
  else if (w.endsWith('ied') || w.endsWith('ies')) w = w.slice(0, -3) + (w.length > 4 ? 'i' : 'ie');
  else if (w.endsWith('us') || w.endsWith('ss')) {
    // unchanged
  } else if (w.endsWith('s') && /[aeiouy]/.test(w.slice(0, -2))) cut(1);
  if (AFTER_STEP_1A.has(w)) return w;

  // Step 1b.
  const eed = ['eedly', 'eed'].find((s) => w.endsWith(s));
  if (eed) {
    if (inR1(eed)) w = w.slice(0, -eed.length) + 'ee';
  } else {
    const ed = ['ingly', 'edly', 'ing', 'ed'].find((s) => w.endsWith(s));
    if (ed && /[aeiouy]/.test(w.slice(0, -ed.length))) {
      cut(ed.length);
      if (w.endsWith('at') || w.endsWith('bl') || w.endsWith('iz')) w += 'e';
      else if (DOUBLES.has(w.slice(-2))) cut(1);
      else if (r1 >= w.length && endsShortSyllable(w)) w += 'e';
    }
  }

  // Step 1c.
  if (w.length > 2 && /[yY]$/.test(w) && !isVowel(w[w.length - 2])) w = w.slice(0, -1) + 'i';

  // Step 2.
  const s2 = STEP2.find(([s]) => w.endsWith(s));
  if (s2 && inR1(s2[0])) {
    const [s, r] = s2;
    if (s === 'ogi') {
      if (w[w.length - 4] === 'l') w = w.slice(0, -3) + r;
    } else if (s === 'li') {
      if (LI_ENDING.has(w[w.length - 3]!)) cut(2);
    } else w = w.slice(0, -s.length) + r;
  }

  // Step 3.
  const s3 = STEP3.find(([s]) => w.endsWith(s));
  if (s3 && inR1(s3[0])) {
    const [s, r] = s3;
    if (s !== 'ative' || inR2(s)) w = w.slice(0, -s.length) + r;
  }

  // Step 4.
  const s4 = STEP4.find((s) => w.endsWith(s));
  if (s4 && inR2(s4)) {
    if (s4 !== 'ion' || /[st]$/.test(w.slice(0, -3))) cut(s4.length);
  }

  // Step 5.
  if (w.endsWith('e')) {
    const before = w.slice(0, -1);
    if (inR2('e') || (inR1('e') && !endsShortSyllable(before))) w = before;
  } else if (w.endsWith('ll') && inR2('l')) cut(1);

  return w.replace(/Y/g, 'y');
}
