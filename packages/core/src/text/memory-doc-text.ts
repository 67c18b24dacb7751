import { slotWords } from './slot-words';

/** The text indexed for a memory entry: its content, plus its key, tags and the key's question words as extra search terms. */
export function memoryDocText(content: string, key: string | null, tags: readonly string[]): string {
  const extra = [key, ...tags, slotWords(key)].filter((s): s is string => !!s);
  return extra.length > 0 ? `${content}\n${extra.join(' ')}` : content;
}
