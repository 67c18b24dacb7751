import { foldChinese } from '@engram/core';
import { draft, type FactDraft } from './draft';
import type { KnownFact } from './english';
import { normalizeValue } from './text';

const ARTICLES = /^(?:a|an|the|my|our)\s+/i;
const norm = (v: string) => normalizeValue(foldChinese(v).replace(ARTICLES, ''));

/**
 * The fact a change replaces, found by its value: "switched from Vim to Neovim" updates whatever
 * key holds "Vim" (user.editor), "moved the app off Heroku" the key holding "Heroku". Only an
 * equal value matches — never a fact that merely shares a word with it. Newest first.
 */
export function knownFactWithValue(value: string, known: readonly KnownFact[]): KnownFact | null {
  const v = norm(value);
  if (!v) return null;
  for (let i = known.length - 1; i >= 0; i--) {
    const k = known[i]!;
    if (k.object ? norm(k.object) === v : endsWithValue(k.content, value)) return k;
  }
  return null;
}

/** A fact stored without its object ("User uses Notion", written through the API): its sentence ends in exactly this value. */
function endsWithValue(content: string, value: string): boolean {
  const words = content.trim().replace(/[.!]+$/, '').split(/\s+/);
  const n = value.trim().split(/\s+/).length;
  if (words.length <= n) return false;
  return norm(words.slice(-n).join(' ')) === norm(value);
}

/** A draft for a full key ("user.editor", "env.app.deployed_on"), keeping its namespace. */
export function draftForKey(key: string, object: string, confidence: number, extra: Partial<FactDraft> = {}): FactDraft {
  const [namespace, ...rest] = key.split('.');
  const suffix = rest.join('.');
  if (namespace === 'env') return draft(suffix, object, confidence, { namespace: 'env', type: 'ENVIRONMENT', kind: 'fact', ...extra });
  return draft(suffix, object, confidence, extra);
}
