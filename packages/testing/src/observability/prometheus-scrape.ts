/**
 * /metrics read by the Prometheus project's own text-format parser (client_python's
 * `text_string_to_metric_families`, PyPI prometheus-client, pinned, in a venv: see pythonTool).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pythonTool } from '../python-tool';

const PROMETHEUS_CLIENT = '0.26.0';

const PARSE = `
import json, sys
from prometheus_client.parser import text_string_to_metric_families
out = []
for f in text_string_to_metric_families(sys.stdin.read()):
    out.append({"name": f.name, "type": f.type, "help": f.documentation,
                "samples": [{"name": s.name, "labels": s.labels, "value": s.value} for s in f.samples]})
print(json.dumps(out))
`;

export interface PromSample {
  /** The sample's own name: `<family>_total`, `<family>_bucket`, `_count`, `_sum`, or the family's. */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PromFamily {
  /** The family name (a counter's without `_total`, as the parser reports it). */
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'info' | 'stateset' | 'unknown';
  help: string;
  samples: PromSample[];
}

export interface Scrape {
  families: Map<string, PromFamily>;
  /** Samples named `sample` (e.g. `engram_x_total`, `engram_y_seconds_count`) whose labels include `labels`. */
  samples(sample: string, labels?: Record<string, string>): PromSample[];
  /** Sum of the matching samples' values (0 when none match). */
  value(sample: string, labels?: Record<string, string>): number;
  /** A histogram's observation count over the matching series (its `_count` samples). */
  count(histogram: string, labels?: Record<string, string>): number;
}

/** Parses Prometheus text exposition; throws what the parser reports for malformed text. */
export function parseScrape(text: string): Scrape {
  const venv = pythonTool('prometheus-client', PROMETHEUS_CLIENT);
  const r = spawnSync(join(venv, 'bin', 'python'), ['-c', PARSE], { input: text, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the Prometheus parser refused /metrics: ${r.stderr}`);
  const families = new Map((JSON.parse(r.stdout) as PromFamily[]).map((f) => [f.name, f]));
  const all = [...families.values()].flatMap((f) => f.samples);
  const samples = (sample: string, labels: Record<string, string> = {}) =>
    all.filter((s) => s.name === sample && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  const sum = (xs: PromSample[]) => xs.reduce((n, s) => n + s.value, 0);
  return {
    families,
    samples,
    value: (sample, labels) => sum(samples(sample, labels)),
    count: (histogram, labels) => sum(samples(`${histogram}_count`, labels)),
  };
}

/** GETs a service's /metrics (with its headers, e.g. a key) and parses it. */
export async function scrapeMetrics(baseUrl: string, headers: Record<string, string> = {}): Promise<Scrape> {
  const res = await fetch(`${baseUrl}/metrics`, { headers });
  if (res.status !== 200) throw new Error(`GET ${baseUrl}/metrics answered ${res.status}: ${await res.text()}`);
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('text/plain')) throw new Error(`/metrics content-type is ${type}, not the text format`);
  return parseScrape(await res.text());
}
