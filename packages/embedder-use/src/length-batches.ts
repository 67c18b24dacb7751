/**
 * Runs `fn` over batches of texts of similar length (less padding work for the model), and returns
 * the results in the caller's order.
 */
export async function inLengthBatches<R>(
  texts: string[],
  batchSize: number,
  fn: (batch: string[]) => Promise<R[]>,
): Promise<R[]> {
  const order = texts.map((t, i) => ({ t, i })).sort((a, b) => a.t.length - b.t.length || a.i - b.i);
  const out = new Array<R>(texts.length);
  for (let start = 0; start < order.length; start += batchSize) {
    const slice = order.slice(start, start + batchSize);
    const results = await fn(slice.map((x) => x.t));
    if (results.length !== slice.length)
      throw new Error(`batch of ${slice.length} texts gave ${results.length} results`);
    slice.forEach((x, j) => (out[x.i] = results[j]!));
  }
  return out;
}
