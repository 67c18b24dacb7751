/** Metrics as defined in the benchmark data README, for one query with gold set G and ranking R. */
export function recallAt(gold: ReadonlySet<string>, ranked: readonly string[]): number {
  if (gold.size === 0) return Number.NaN;
  let hit = 0;
  for (const g of gold) if (ranked.includes(g)) hit++;
  return hit / gold.size;
}

export function recallAnyAt(gold: ReadonlySet<string>, ranked: readonly string[]): number {
  return ranked.some((r) => gold.has(r)) ? 1 : 0;
}

export function recallAllAt(gold: ReadonlySet<string>, ranked: readonly string[]): number {
  for (const g of gold) if (!ranked.includes(g)) return 0;
  return 1;
}

/** Reciprocal rank of the first relevant item (0 when none is ranked). */
export function reciprocalRank(gold: ReadonlySet<string>, ranked: readonly string[]): number {
  const i = ranked.findIndex((r) => gold.has(r));
  return i < 0 ? 0 : 1 / (i + 1);
}

/** nDCG@k with binary relevance over a ranked list of unique items. */
export function ndcgAt(gold: ReadonlySet<string>, ranked: readonly string[], k: number): number {
  let dcg = 0;
  ranked.slice(0, k).forEach((r, i) => {
    if (gold.has(r)) dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(k, gold.size); i++) ideal += 1 / Math.log2(i + 2);
  return ideal === 0 ? Number.NaN : dcg / ideal;
}

/** Unique values in first-seen order. */
export function uniqueInOrder(xs: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const x of xs) {
    if (!seen.has(x)) {
      seen.add(x);
      out.push(x);
    }
  }
  return out;
}

export class MetricAverager {
  private readonly sums = new Map<string, Map<string, { sum: number; n: number }>>();
  private readonly counts = new Map<string, number>();

  add(category: string, values: Record<string, number>): void {
    for (const cat of ['overall', category]) {
      this.counts.set(cat, (this.counts.get(cat) ?? 0) + 1);
      let m = this.sums.get(cat);
      if (!m) this.sums.set(cat, (m = new Map()));
      for (const [name, v] of Object.entries(values)) {
        if (Number.isNaN(v)) continue;
        const s = m.get(name) ?? { sum: 0, n: 0 };
        s.sum += v;
        s.n++;
        m.set(name, s);
      }
    }
  }

  n(category = 'overall'): number {
    return this.counts.get(category) ?? 0;
  }

  categories(): string[] {
    return [...this.sums.keys()].filter((c) => c !== 'overall').sort();
  }

  averages(category = 'overall'): Record<string, number> {
    const out: Record<string, number> = {};
    for (const [name, s] of this.sums.get(category) ?? []) out[name] = s.n === 0 ? Number.NaN : s.sum / s.n;
    return out;
  }
}
