import { sha256Hex } from '@engram/core';

/** Two contents are "the same fact" when equal after NFKC, case folding and whitespace collapsing. */
export function normalizeContent(content: string): string {
  return content.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export function contentHash(content: string): string {
  return sha256Hex(normalizeContent(content));
}
