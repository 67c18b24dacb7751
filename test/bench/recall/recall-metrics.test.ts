import { describe, expect, it } from 'vitest';
import type { QueryHit } from '@engram/core';
import { cleanEvidence, loadLocomo, parseLocomoDate } from './locomo';
import { parseLongMemEvalDate } from './longmemeval';
import { MetricAverager, ndcgAt, recallAllAt, recallAnyAt, recallAt, reciprocalRank } from './metrics';
import { parseRecallArgs } from './args';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const hit = (over: Partial<QueryHit>): QueryHit => ({
  id: 'x',
  kind: 'message',
  tier: 'EPISODIC',
  type: null,
  key: null,
  content: '',
  score: 1,
  source: null,
  importance: 0.5,
  effectiveImportance: 0.5,
  metadata: {},
  sourceMessageIds: [],
  sessionId: null,
  createdAt: '2023-01-01T00:00:00Z',
  tags: [],
  pinned: false,
  supersededBy: null,
  ...over,
});

describe('recall metrics', () => {
  it('follow the README definitions', () => {
    const g = new Set(['a', 'b']);
    expect(recallAt(g, ['a', 'c'])).toBe(0.5);
    expect(recallAnyAt(g, ['c', 'b'])).toBe(1);
    expect(recallAllAt(g, ['a', 'c'])).toBe(0);
    expect(recallAllAt(g, ['b', 'a'])).toBe(1);
    expect(reciprocalRank(g, ['c', 'b'])).toBe(0.5);
    expect(ndcgAt(new Set(['a']), ['c', 'a'], 10)).toBeCloseTo(1 / Math.log2(3), 12);
    expect(Number.isNaN(recallAt(new Set(), ['a']))).toBe(true);
  });

  it('averages per category and overall, skipping undefined values', () => {
    const m = new MetricAverager();
    m.add('x', { r: 1 });
    m.add('y', { r: 0, s: Number.NaN });
    expect(m.averages()).toEqual({ r: 0.5 });
    expect(m.averages('x')).toEqual({ r: 1 });
    expect(m.n()).toBe(2);
  });
});

describe('LoCoMo loader', () => {
  it('parses dates and cleans evidence ids as the README says', () => {
    expect(parseLocomoDate('1:56 pm on 8 May, 2023').toISOString()).toBe('2023-05-08T13:56:00.000Z');
    expect(parseLocomoDate('12:05 am on 1 January, 2024').toISOString()).toBe('2024-01-01T00:05:00.000Z');
    expect(parseLongMemEvalDate('2023/05/20 (Sat) 02:21').toISOString()).toBe('2023-05-20T02:21:00.000Z');
    const existing = new Set(['D11:26', 'D30:5', 'D1:2', 'D1:3']);
    expect(cleanEvidence(['D:11:26', 'D30:05', 'D1:2; D1:3', 'D9:9'], existing)).toEqual([
      'D11:26',
      'D30:5',
      'D1:2',
      'D1:3',
    ]);
  });

  it('turns a conversation into per-session appends and scores turn and session recall', () => {
    const dir = mkdtempSync(join(tmpdir(), 'engram-locomo-'));
    try {
      const file = join(dir, 'l.json');
      writeFileSync(
        file,
        JSON.stringify([
          {
            sample_id: 'conv-x',
            conversation: {
              speaker_a: 'Ann',
              speaker_b: 'Bo',
              session_1_date_time: '1:00 pm on 2 May, 2023',
              session_1: [
                { speaker: 'Ann', dia_id: 'D1:1', text: 'hi' },
                { speaker: 'Bo', dia_id: 'D1:2', text: 'look', blip_caption: 'a cat' },
              ],
              session_2_date_time: '2:00 pm on 9 May, 2023',
              session_2: [{ speaker: 'Ann', dia_id: 'D2:1', text: 'bye' }],
              session_3_date_time: '3:00 pm on 10 May, 2023',
            },
            qa: [
              { question: 'q1', answer: 'a', evidence: ['D1:2', 'D2:1'], category: 4 },
              { question: 'q5', adversarial_answer: 'a', evidence: ['D1:1'], category: 5 },
              { question: 'q-none', answer: 'a', evidence: ['D7:7'], category: 1 },
            ],
          },
        ]),
      );
      const ds = loadLocomo(file);
      expect(ds.corpora).toHaveLength(1);
      const batches = ds.corpora[0]!.batches;
      expect(batches.map((b) => b.map((e) => e.type))).toEqual([
        ['SessionStarted', 'MessageObserved', 'MessageObserved', 'SessionEnded'],
        ['SessionStarted', 'MessageObserved', 'SessionEnded'],
      ]);
      const msg = batches[0]![2]!;
      expect(msg.type === 'MessageObserved' && msg.payload).toMatchObject({
        messageId: 'D1:2',
        role: 'assistant',
        content: 'Bo: look [shares a photo: a cat]',
      });
      expect(ds.queries.map((q) => q.query)).toEqual(['q1']);
      const scores = ds.queries[0]!.score(
        [
          hit({ sourceMessageIds: ['D1:2'] }),
          hit({ kind: 'episode', sessionId: 'session_2' }),
          hit({ sourceMessageIds: ['D1:1'] }),
        ],
        [1, 2],
      );
      expect(scores).toEqual({
        'turn_recall@1': 0.5,
        'session_recall@1': 0.5,
        'turn_recall@2': 0.5,
        'session_recall@2': 1,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('recall arguments', () => {
  it('parses options and rejects bad ones', () => {
    expect(parseRecallArgs(['--dataset', 'locomo', '--file', 'f.json', '--k', '10,1', '--limit', '2'])).toMatchObject({
      dataset: 'locomo',
      ks: [1, 10],
      limit: 2,
      embedder: 'use',
    });
    expect(() => parseRecallArgs(['--dataset', 'nope', '--file', 'f'])).toThrow(/--dataset/);
    expect(() => parseRecallArgs(['--dataset', 'madial'])).toThrow(/--file/);
  });

  it('takes a per-question output file, off unless asked for', () => {
    expect(parseRecallArgs(['--dataset', 'locomo', '--file', 'f', '--per-question', 'q.jsonl']).perQuestion).toBe(
      'q.jsonl',
    );
    expect(parseRecallArgs(['--dataset', 'locomo', '--file', 'f']).perQuestion).toBeUndefined();
    expect(() => parseRecallArgs(['--dataset', 'locomo', '--file', 'f', '--per-question'])).toThrow(/needs a value/);
  });

  it('takes list weights for the main run, naming the bad part', () => {
    expect(
      parseRecallArgs(['--dataset', 'locomo', '--file', 'f', '--list-weights', 'keyword=0.5, window=0.5']).listWeights,
    ).toEqual({ keyword: 0.5, window: 0.5 });
    expect(parseRecallArgs(['--dataset', 'locomo', '--file', 'f']).listWeights).toBeUndefined();
    expect(() => parseRecallArgs(['--dataset', 'locomo', '--file', 'f', '--list-weights', 'keyword=-1'])).toThrow(
      /keyword=-1/,
    );
    expect(() => parseRecallArgs(['--dataset', 'locomo', '--file', 'f', '--list-weights', 'bm25=1'])).toThrow(/bm25=1/);
    expect(() => parseRecallArgs(['--dataset', 'locomo', '--file', 'f', '--list-weights', 'vector'])).toThrow(
      /"vector"/,
    );
  });
});
