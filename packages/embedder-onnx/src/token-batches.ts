/**
 * Groups encoded texts into batches of similar token length (sorted, then cut every `batchSize`),
 * so a batch pads to little more than its own texts need. Returns indexes into `lengths`.
 */
export function batchesBySimilarLength(lengths: number[], batchSize: number): number[][] {
  const order = lengths.map((_, i) => i).sort((a, b) => lengths[a]! - lengths[b]! || a - b);
  const batches: number[][] = [];
  for (let i = 0; i < order.length; i += batchSize) batches.push(order.slice(i, i + batchSize));
  return batches;
}
