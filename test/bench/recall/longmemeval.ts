import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { EngramEvent, QueryHit } from '@engram/core';
import { benchEvent, type BenchCorpus, type BenchDataset, type BenchQuery } from './dataset';
import { ndcgAt, recallAllAt, recallAnyAt, uniqueInOrder } from './metrics';

interface Item {
  question_id: string;
  question_type: string;
  question: string;
  question_date: string;
  haystack_session_ids: string[];
  haystack_dates: string[];
  haystack_sessions: Array<Array<{ role: string; content: string; has_answer?: boolean }>>;
  answer_session_ids: string[];
}

/** "2023/05/20 (Sat) 02:21" → Date (UTC). */
export function parseLongMemEvalDate(s: string): Date {
  const m = /(\d{4})\/(\d{2})\/(\d{2})(?:\s*\([A-Za-z]+\))?\s*(\d{2}):(\d{2})/.exec(s);
  if (!m) throw new Error(`unrecognised LongMemEval date "${s}"`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5])));
}

const turnId = (sessionId: string, i: number) => `${sessionId}#${i}`;
const sessionOfTurn = (id: string) => id.slice(0, id.lastIndexOf('#'));

function sessionsOf(hit: QueryHit): string[] {
  const fromTurns = hit.sourceMessageIds.slice(0, hit.kind === 'message' ? 1 : 3).map(sessionOfTurn);
  return hit.kind === 'episode' && hit.sessionId ? [...fromTurns, hit.sessionId] : fromTurns;
}

function sessionEvents(
  userId: string,
  sessionId: string,
  date: string,
  turns: Item['haystack_sessions'][number],
): EngramEvent[] {
  const start = parseLongMemEvalDate(date);
  const events: EngramEvent[] = [
    benchEvent(
      'SessionStarted',
      { sessionId },
      { userId, sessionId, occurredAt: start.toISOString(), idParts: [userId, sessionId, 'start'] },
    ),
  ];
  turns.forEach((t, i) => {
    events.push(
      benchEvent(
        'MessageObserved',
        {
          messageId: turnId(sessionId, i),
          role: t.role === 'assistant' ? 'assistant' : 'user',
          content: t.content,
          metadata: {},
        },
        {
          userId,
          sessionId,
          occurredAt: new Date(start.getTime() + (i + 1) * 1000).toISOString(),
          idParts: [userId, sessionId, i],
        },
      ),
    );
  });
  events.push(
    benchEvent(
      'SessionEnded',
      { sessionId, reason: 'explicit' },
      {
        userId,
        sessionId,
        occurredAt: new Date(start.getTime() + (turns.length + 1) * 1000).toISOString(),
        idParts: [userId, sessionId, 'end'],
      },
    ),
  );
  return events;
}

/**
 * Each question searches its own haystack (one user per question). With `pool`, every haystack
 * session of every question goes into one shared corpus (the harder test the README suggests for
 * the oracle file, where each haystack is all gold).
 */
export function loadLongMemEval(path: string, opts: { limit?: number; pool?: boolean } = {}): BenchDataset {
  const raw = readFileSync(path);
  let items = JSON.parse((path.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8')) as Item[];
  items = items.filter((q) => !q.question_id.endsWith('_abs'));
  if (opts.limit) items = items.slice(0, opts.limit);
  const corpora: BenchCorpus[] = [];
  const queries: BenchQuery[] = [];
  const pooled = new Map<string, EngramEvent[]>();
  let pooledNow = new Date(0);
  for (const q of items) {
    const userId = opts.pool ? 'pool' : q.question_id;
    const batches: EngramEvent[][] = [];
    const goldTurns = new Set<string>();
    q.haystack_session_ids.forEach((sid, s) => {
      const turns = q.haystack_sessions[s]!;
      turns.forEach((t, i) => {
        if (t.has_answer) goldTurns.add(turnId(sid, i));
      });
      if (opts.pool) {
        if (!pooled.has(sid)) pooled.set(sid, sessionEvents(userId, sid, q.haystack_dates[s]!, turns));
      } else {
        batches.push(sessionEvents(userId, sid, q.haystack_dates[s]!, turns));
      }
    });
    const now = parseLongMemEvalDate(q.question_date);
    if (now > pooledNow) pooledNow = now;
    if (!opts.pool) corpora.push({ userId, batches, now });
    const goldSessions = new Set(q.answer_session_ids);
    queries.push({
      userId,
      query: q.question,
      category: q.question_type,
      score(hits, ks) {
        const out: Record<string, number> = {};
        const sessions = uniqueInOrder(hits.flatMap(sessionsOf));
        for (const k of ks) {
          const top = uniqueInOrder(hits.slice(0, k).flatMap(sessionsOf));
          out[`session_recall_any@${k}`] = recallAnyAt(goldSessions, top);
          out[`session_recall_all@${k}`] = recallAllAt(goldSessions, top);
          out[`turn_recall_any@${k}`] =
            goldTurns.size === 0
              ? Number.NaN
              : recallAnyAt(
                  goldTurns,
                  uniqueInOrder(
                    hits.slice(0, k).flatMap((h) => h.sourceMessageIds.slice(0, h.kind === 'message' ? 1 : 3)),
                  ),
                );
        }
        out['session_ndcg@10'] = ndcgAt(goldSessions, sessions, 10);
        return out;
      },
    });
  }
  if (opts.pool) corpora.push({ userId: 'pool', batches: [...pooled.values()], now: pooledNow });
  return {
    name: 'longmemeval',
    corpora,
    queries,
    metrics: (ks) => [
      ...ks.map((k) => `session_recall_any@${k}`),
      ...ks.map((k) => `session_recall_all@${k}`),
      ...ks.map((k) => `turn_recall_any@${k}`),
      'session_ndcg@10',
    ],
  };
}
