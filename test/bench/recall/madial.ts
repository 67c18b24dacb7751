import { existsSync, readFileSync } from 'node:fs';
import { deterministicId } from '@engram/core';
import { benchEvent, type BenchCorpus, type BenchDataset, type BenchQuery } from './dataset';
import { recallAt, reciprocalRank, uniqueInOrder } from './metrics';

interface MemoryRow {
  time?: string;
  event: string;
  'user-id'?: number;
  id?: string;
}

function readJsonLines<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
}

function readMemories(path: string): Map<string, MemoryRow> {
  const out = new Map<string, MemoryRow>();
  for (const line of readJsonLines<Record<string, MemoryRow>>(path))
    for (const [id, row] of Object.entries(line)) out.set(id, row);
  return out;
}

/** The memory file next to a dialogue file (…-dialogue-dev.jsonl → …-memory.json). */
export function defaultMadialMemoryPath(dialoguePath: string): string {
  return dialoguePath.replace(/-dialogue-[a-z]+\.jsonl$/, '-memory.json');
}

/**
 * MADial-Bench: each user's memories are written as USER entries; the query is the dialogue before
 * the first test turn; gold = relevant-id. The English memories lack user ids: they come from the
 * Chinese memory with the same id.
 */
export function loadMadial(
  dialoguePath: string,
  memoryPath = defaultMadialMemoryPath(dialoguePath),
  opts: { limit?: number; withTime?: boolean } = {},
): BenchDataset {
  const memories = readMemories(memoryPath);
  const zhPath = memoryPath.replace(/\/en\//, '/zh/').replace(/-en-/, '-zh-');
  const zh = zhPath !== memoryPath && existsSync(zhPath) ? readMemories(zhPath) : new Map<string, MemoryRow>();
  const userOf = (id: string): string | null => {
    const u = memories.get(id)?.['user-id'] ?? zh.get(id)?.['user-id'];
    return u === undefined ? null : `user-${u}`;
  };
  const byUser = new Map<string, BenchCorpus>();
  const idOfMemory = new Map<string, string>();
  for (const [id, row] of memories) {
    const userId = userOf(id);
    if (!userId) continue;
    const memoryId = deterministicId('madial', memoryPath, id);
    idOfMemory.set(memoryId, id);
    const at =
      row.time && /^\d{4}-\d{2}-\d{2}/.test(row.time)
        ? new Date(`${row.time.slice(0, 10)}T12:00:00Z`)
        : new Date('2023-01-01T00:00:00Z');
    const corpus = byUser.get(userId) ?? { userId, batches: [[]], now: new Date('2024-06-01T00:00:00Z') };
    byUser.set(userId, corpus);
    corpus.batches[0]!.push(
      benchEvent(
        'MemoryWritten',
        {
          memoryId,
          type: 'USER',
          tier: 'SEMANTIC',
          key: null,
          content: opts.withTime && row.time ? `${row.time}: ${row.event}` : row.event,
          tags: [],
          importance: 0.5,
          pinned: false,
          source: 'user_stated',
          confidence: 1,
          scope: null,
          metadata: { madialId: id },
          sourceMessageIds: [],
          episodeId: null,
          validFrom: null,
          validTo: null,
        },
        { userId, sessionId: null, occurredAt: at.toISOString(), idParts: [memoryPath, id] },
      ),
    );
  }

  let dialogues = readJsonLines<{
    dialogue: string[];
    'test-turn': number[];
    'relevant-id': number[];
    'user-id'?: number;
  }>(dialoguePath);
  if (opts.limit) dialogues = dialogues.slice(0, opts.limit);
  const queries: BenchQuery[] = [];
  for (const d of dialogues) {
    const gold = new Set(d['relevant-id'].map(String));
    const userId = d['user-id'] !== undefined ? `user-${d['user-id']}` : userOf([...gold][0] ?? '');
    if (!userId || gold.size === 0) continue;
    const firstTest = Math.min(...d['test-turn']);
    const query = d.dialogue
      .slice(0, firstTest)
      .map((l) => l.replace(/<BOD>/g, '').trim())
      .filter(Boolean)
      .join('\n');
    queries.push({
      userId,
      query,
      category: userId,
      score(hits, ks) {
        const ranked = uniqueInOrder(hits.map((h) => idOfMemory.get(h.id)).filter((x): x is string => x !== undefined));
        const out: Record<string, number> = {};
        for (const k of ks) out[`recall@${k}`] = recallAt(gold, ranked.slice(0, k));
        out.mrr = reciprocalRank(gold, ranked);
        return out;
      },
    });
  }
  return {
    name: 'madial',
    corpora: [...byUser.values()],
    queries,
    metrics: (ks) => [...ks.map((k) => `recall@${k}`), 'mrr'],
  };
}
