import type { MetricAverager } from './metrics';

export interface RecallResult {
  dataset: string;
  config: Record<string, unknown>;
  n: number;
  overall: Record<string, number>;
  byCategory: Record<string, { n: number } & Record<string, number>>;
}

export function byCategoryOf(avg: MetricAverager): RecallResult['byCategory'] {
  const byCategory: RecallResult['byCategory'] = {};
  for (const c of avg.categories()) byCategory[c] = { n: avg.n(c), ...avg.averages(c) };
  return byCategory;
}

export function buildResult(dataset: string, config: Record<string, unknown>, avg: MetricAverager): RecallResult {
  return { dataset, config, n: avg.n(), overall: avg.averages(), byCategory: byCategoryOf(avg) };
}

export function formatTable(result: RecallResult, metrics: string[]): string {
  const rows: Array<[string, number, Record<string, number>]> = [
    ...Object.entries(result.byCategory).map(([c, v]) => [c, v.n, v] as [string, number, Record<string, number>]),
    ['overall', result.n, result.overall],
  ];
  const nameWidth = Math.max(8, ...rows.map((r) => r[0].length));
  const head = [
    'category'.padEnd(nameWidth),
    'n'.padStart(4),
    ...metrics.map((m) => m.padStart(Math.max(7, m.length))),
  ].join('  ');
  const lines = rows.map(([name, n, v]) =>
    [
      name.padEnd(nameWidth),
      String(n).padStart(4),
      ...metrics.map((m) => (Number.isFinite(v[m]) ? v[m]!.toFixed(3) : '-').padStart(Math.max(7, m.length))),
    ].join('  '),
  );
  return [head, '-'.repeat(head.length), ...lines].join('\n');
}
