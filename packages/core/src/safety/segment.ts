import { LATIN_STEMS, RULES } from './rules';

/**
 * Splits letters that were run together ("ignoreallpreviousinstructions", what is left of words
 * spelled out letter by letter or cut in pieces) back into words, using the rules' own vocabulary
 * (the literal start of every alternative) and common English words, each with an optional suffix.
 * Letters no word covers stay single. Dynamic programming: fewest uncovered letters, then fewest
 * words.
 */
const FUNCTION_WORDS = [
  'a',
  'i',
  'you',
  'your',
  'are',
  'an',
  'the',
  'of',
  'to',
  'in',
  'on',
  'at',
  'by',
  'me',
  'my',
  'we',
  'it',
  'is',
  'be',
  'or',
  'as',
  'so',
  'no',
  'not',
  'from',
  'with',
  'that',
  'this',
  'then',
  'than',
  'them',
  'they',
  'their',
  'there',
  'what',
  'when',
  'which',
  'who',
  'how',
  'can',
  'will',
  'would',
  'should',
  'must',
  'have',
  'has',
  'had',
  'was',
  'were',
  'been',
  'do',
  'does',
  'did',
  'say',
  'said',
  'tell',
  'give',
  'make',
  'take',
  'get',
  'all',
  'any',
  'every',
  'each',
  'some',
  'other',
  'only',
  'just',
  'also',
  'now',
  'here',
  'into',
  'over',
  'again',
  'please',
  'called',
  'named',
  'new',
  'for',
  'and',
  'but',
  'if',
  'up',
  'out',
  'about',
  'like',
  'one',
  'word',
  'line',
  'way',
  'time',
  'reply',
  'with',
  'without',
  'asking',
  'right',
  'away',
  'below',
  'talk',
  'talks',
  'anyone',
  'after',
  'even',
  'its',
  'via',
  'our',
  'us',
];
const SUFFIXES = [
  '',
  's',
  'es',
  'e',
  'ed',
  'd',
  'ing',
  'er',
  'ers',
  'ly',
  'ion',
  'ions',
  'ation',
  'ations',
  'ment',
  'ments',
  'y',
  'ies',
  'al',
  "'s",
  'n',
  'en',
  'r',
];

/**
 * Every word of four letters or more that any rule spells out, wherever it stands in the rule (a word after an
 * optional part has no literal stem): a word cut in pieces is put back together as the rules read it.
 */
const RULE_WORDS: readonly string[] = [
  ...new Set(
    RULES.flatMap((r) =>
      // Not the ending of a word written with an optional part ("forget(?:ting)?", "authori[sz]ation").
      [...r.re.source.replace(/\\[a-zA-Z]|\{[^}]*\}/g, ' ').matchAll(/(?<![a-z]\(\?:|[\]?a-z])[a-z]{4,}/g)].map(
        (m) => m[0],
      ),
    ),
  ),
];

interface Node {
  next: Map<string, Node>;
  word: boolean;
}

const TRIE: Node = (() => {
  const root: Node = { next: new Map(), word: false };
  const words = [
    ...FUNCTION_WORDS,
    ...[...LATIN_STEMS.keys()].filter((s) => s.length >= 2 && /^[a-z]+$/.test(s)),
    ...RULE_WORDS,
  ];
  for (const w of words) {
    let node = root;
    for (const ch of w) {
      let child = node.next.get(ch);
      if (!child) node.next.set(ch, (child = { next: new Map(), word: false }));
      node = child;
    }
    node.word = true;
  }
  return root;
})();

const MAX_LETTERS = 4000;

export function segmentLetters(letters: string): string {
  const n = Math.min(letters.length, MAX_LETTERS);
  const unknown = new Float64Array(n + 1).fill(Infinity);
  const words = new Float64Array(n + 1).fill(Infinity);
  const from = new Int32Array(n + 1).fill(-1);
  unknown[0] = 0;
  words[0] = 0;
  const relax = (i: number, k: number, u: number): void => {
    const nu = unknown[i]! + u;
    const nw = words[i]! + 1;
    if (nu < unknown[k]! || (nu === unknown[k]! && nw < words[k]!)) {
      unknown[k] = nu;
      words[k] = nw;
      from[k] = i;
    }
  };
  for (let i = 0; i < n; i++) {
    if (unknown[i] === Infinity) continue;
    relax(i, i + 1, 1);
    let node: Node | undefined = TRIE;
    for (let j = i; j < n && node; j++) {
      node = node.next.get(letters[j]!);
      if (!node?.word) continue;
      for (const suffix of SUFFIXES) {
        const k = j + 1 + suffix.length;
        if (k <= n && (suffix === '' || letters.startsWith(suffix, j + 1))) relax(i, k, 0);
      }
    }
  }
  const out: string[] = [];
  for (let k = n; k > 0; k = from[k]!) out.push(letters.slice(from[k]!, k));
  return out.reverse().join(' ');
}

const SUFFIX_SET = new Set(SUFFIXES);

/** A vocabulary word, possibly with one of the suffixes. */
export function isVocabularyWord(word: string): boolean {
  let node: Node | undefined = TRIE;
  for (let i = 0; i < word.length && node; i++) {
    node = node.next.get(word[i]!);
    if (node?.word && SUFFIX_SET.has(word.slice(i + 1))) return true;
  }
  return false;
}

/**
 * Joins fragments of words cut apart ("ig nore", "Sys tem:", a line break inside a word) where the two halves make one
 * vocabulary word and are not both words already; punctuation and other words stay as written.
 */
export function rejoinFragments(text: string): string {
  return text.replace(/([a-z]+)[ \n]([a-z]+)/g, (pair, a: string, b: string) => {
    if (isVocabularyWord(a) && isVocabularyWord(b)) return pair;
    return isVocabularyWord(a + b) ? a + b : pair;
  });
}
