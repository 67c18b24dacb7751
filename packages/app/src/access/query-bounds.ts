/*
 * P5 query cost bound (default QUERY_TEXT_BOUND_CHARS in @engram/contract): the part of a query that
 * is embedded, searched and reranked. Up to MAX_QUERY_CHARS is accepted, but embedding and
 * posting-list work grow with the text while a long query's question sits at its start or its end
 * (a question before or after pasted context), so the bound keeps both ends (docs/benchmarks.md,
 * "Query cost bound").
 */

const JOIN = ' … ';

/** Never cuts a surrogate pair; prefers a word boundary near the cut. */
function cutHead(text: string, n: number): string {
  let end = n;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  const space = text.lastIndexOf(' ', end);
  if (space > end * 0.9) end = space;
  return text.slice(0, end).trimEnd();
}

function cutTail(text: string, n: number): string {
  let start = text.length - n;
  const code = text.charCodeAt(start);
  if (code >= 0xdc00 && code <= 0xdfff) start++;
  const space = text.indexOf(' ', start);
  if (space !== -1 && space - start < n * 0.1) start = space;
  return text.slice(start).trimStart();
}

/** At most `max` characters: the first and the last half of the budget when the text is longer. */
export function boundQueryText(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = Math.floor((max - JOIN.length) / 2);
  return `${cutHead(text, half)}${JOIN}${cutTail(text, half)}`;
}
