export { memoryDocText } from '@engram/core';

/**
 * At most this much of each previous turn goes into a window: the window adds context to the turn,
 * and a long previous answer (an assistant's essay) would otherwise outweigh the turn itself.
 */
const CONTEXT_TURN_CHARS = 400;
const clip = (t: string) => (t.length > CONTEXT_TURN_CHARS ? `${t.slice(0, CONTEXT_TURN_CHARS)}…` : t);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2023-05-08T13:56:00Z" → "8 May 2023" (UTC): a document's date as words a question may use. */
export function dateWords(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  const d = new Date(t);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * The conversation-window texts of a document. A chat turn often answers or continues the turns
 * before it ("What did you do?" → "Went hiking"), so the turn alone misses the words a later
 * question uses: the vector is taken over the previous turn + the turn, and a second keyword index
 * holds the document's date, the previous turns (oldest first) and the turn (docs/benchmarks.md,
 * "Conversation windows"). A wider window helped the keyword list and hurt the vector one. The
 * turn comes first in embedText and previous turns are cut short, so an encoder that truncates its
 * input (MiniLM: 256 tokens) drops context, never the turn itself.
 */
export function windowTexts(
  text: string,
  previousTurns: readonly string[],
  at: string,
): { embedText: string; contextText: string } {
  const prev = previousTurns.filter((t) => t.length > 0).map(clip);
  const last = prev[prev.length - 1];
  const embedText = last ? `${text}\n${last}` : text;
  const date = dateWords(at);
  return { embedText, contextText: [date, ...prev, text].filter((s) => s.length > 0).join('\n') };
}
