export interface LatencyStats {
  n: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles, milliseconds rounded to 0.01. */
export function latencyStats(samples: readonly number[]): LatencyStats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    n: s.length,
    mean: r(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)),
    p50: r(at(50)),
    p95: r(at(95)),
    p99: r(at(99)),
    max: r(s[s.length - 1] ?? NaN),
  };
}
