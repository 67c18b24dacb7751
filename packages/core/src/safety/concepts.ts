import { ALWAYS_PRESENT, CJK_STEMS, CONCEPT_TESTS, LATIN_STEMS } from './rules';

interface TrieNode {
  /** Children by UTF-16 code unit: ASCII in an array (the hot path: folded Latin text), the rest in a map. */
  ascii: Array<TrieNode | undefined> | null;
  other: Map<number, TrieNode> | null;
  ids: number[] | null;
}
const child = (node: TrieNode, c: number): TrieNode | undefined => (c < 128 ? node.ascii?.[c] : node.other?.get(c));
/** Stems as tries (UTF-16 code units): one walk per start position finds every stem there. */
function trieOf(stems: ReadonlyMap<string, number[]>): TrieNode {
  const root: TrieNode = { ascii: null, other: null, ids: null };
  for (const [stem, ids] of stems) {
    let node = root;
    for (let i = 0; i < stem.length; i++) {
      const c = stem.charCodeAt(i);
      let next = child(node, c);
      if (!next) {
        next = { ascii: null, other: null, ids: null };
        if (c < 128) (node.ascii ??= new Array<TrieNode | undefined>(128))[c] = next;
        else (node.other ??= new Map()).set(c, next);
      }
      node = next;
    }
    node.ids = ids;
  }
  return root;
}
const STEM_TRIE = trieOf(LATIN_STEMS);
const CJK_TRIE = trieOf(CJK_STEMS);

/** Where each concept of the rules may start (word starts of its literal stems): undefined where it cannot occur. */
export function conceptsIn(text: string): Array<number[] | undefined> {
  const at: Array<number[] | undefined> = new Array(CONCEPT_TESTS.length);
  const mark = (ids: readonly number[], pos: number): void => {
    for (const id of ids) {
      const list = at[id];
      if (list) {
        if (list[list.length - 1] !== pos) list.push(pos);
      } else at[id] = [pos];
    }
  };
  for (const id of ALWAYS_PRESENT) at[id] = [];
  const isWordChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
  for (let i = 0; i < text.length; i++) {
    if (!isWordChar(text.charCodeAt(i)) || (i > 0 && isWordChar(text.charCodeAt(i - 1)))) continue;
    let node: TrieNode | undefined = STEM_TRIE;
    for (let j = i; j < text.length && node; j++) {
      node = child(node, text.charCodeAt(j));
      if (node?.ids) mark(node.ids, i);
    }
  }
  if (/[^\x00-\x7f]/.test(text)) {
    for (let i = 0; i < text.length; i++) {
      let node = child(CJK_TRIE, text.charCodeAt(i));
      for (let j = i + 1; node; j++) {
        if (node.ids) mark(node.ids, i);
        node = j < text.length ? child(node, text.charCodeAt(j)) : undefined;
      }
    }
  }
  return at;
}
