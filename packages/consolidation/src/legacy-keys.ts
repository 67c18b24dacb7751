import { foldChinese } from '@engram/core';
import { ATTRIBUTE_KEYS } from './extraction/rules/lexicon';

const HAN_ONLY = /^[\u3400-\u9fff\uf900-\ufaff]+$/u;

/**
 * The name a user's slot has now, for a key an earlier version of the rules wrote from the
 * attribute's Chinese word before the word had a slot ("user.月薪" → "user.salary", "user.房租" →
 * "user.rent"). The log keeps the old key (it is immutable); the consolidator reads entries under
 * the current name, so a new value supersedes the old one and extraction finds it as known.
 * Any other key is returned as it is.
 */
export function currentKeyName(key: string | null): string | null {
  if (key === null || !key.startsWith('user.')) return key;
  const rest = foldChinese(key.slice('user.'.length));
  if (!HAN_ONLY.test(rest)) return key;
  const slot = ATTRIBUTE_KEYS[rest];
  return slot ? `user.${slot}` : key;
}
