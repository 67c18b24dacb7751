import { readFileSync } from 'node:fs';
import type { EngramEvent, QueryHit } from '@engram/core';
import { benchEvent, type BenchCorpus, type BenchDataset, type BenchQuery } from './dataset';
import { recallAt, uniqueInOrder } from './metrics';

/** LoCoMo categories as numbered in the data (README): 5 (adversarial) is left out of recall. */
export const LOCOMO_CATEGORIES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
};

interface Turn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}
interface Conversation {
  sample_id: string;
  conversation: Record<string, unknown> & { speaker_a: string; speaker_b: string };
  qa: Array<{ question: string; evidence?: string[]; category: number }>;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** "1:56 pm on 8 May, 2023" → ISO (UTC). */
export function parseLocomoDate(s: string): Date {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(s);
  if (!m) throw new Error(`unrecognised LoCoMo date "${s}"`);
  const month = MONTHS.indexOf(m[5]!.toLowerCase());
  if (month < 0) throw new Error(`unrecognised month in "${s}"`);
  let hour = Number(m[1]) % 12;
  if (m[3]!.toLowerCase() === 'pm') hour += 12;
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2])));
}

/** Cleans evidence as the README says: every D<n>:<m> inside each string, leading zeros dropped. */
export function cleanEvidence(evidence: readonly string[], existing: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const e of evidence) {
    for (const m of e.matchAll(/D:?(\d+):(\d+)/g)) {
      const id = `D${Number(m[1])}:${Number(m[2])}`;
      if (existing.has(id)) out.push(id);
    }
  }
  return [...new Set(out)];
}

const sessionOfDia = (dia: string): string | null => {
  const m = /^D(\d+):\d+$/.exec(dia);
  return m ? `session_${m[1]}` : null;
};

/** Turn ids a hit stands for: a message its own id, a fact up to 3 source messages, an episode none. */
function turnsOf(hit: QueryHit): string[] {
  if (hit.kind === 'message') return hit.sourceMessageIds.slice(0, 1);
  if (hit.kind === 'memory') return hit.sourceMessageIds.slice(0, 3);
  return [];
}

function sessionsOf(hit: QueryHit): string[] {
  const fromTurns = turnsOf(hit)
    .map(sessionOfDia)
    .filter((s): s is string => s !== null);
  if (hit.kind === 'episode' && hit.sessionId) return [...fromTurns, hit.sessionId];
  return fromTurns;
}

export function loadLocomo(path: string, limit?: number): BenchDataset {
  const convs = JSON.parse(readFileSync(path, 'utf8')) as Conversation[];
  const corpora: BenchCorpus[] = [];
  const queries: BenchQuery[] = [];
  for (const conv of limit ? convs.slice(0, limit) : convs) {
    const userId = conv.sample_id;
    const c = conv.conversation;
    const sessionNums = Object.keys(c)
      .map((k) => /^session_(\d+)$/.exec(k)?.[1])
      .filter(
        (n): n is string =>
          n !== undefined && Array.isArray(c[`session_${n}`]) && typeof c[`session_${n}_date_time`] === 'string',
      )
      .map(Number)
      .sort((a, b) => a - b);
    const batches: EngramEvent[][] = [];
    const existing = new Set<string>();
    let last = new Date(0);
    for (const n of sessionNums) {
      const sessionId = `session_${n}`;
      const start = parseLocomoDate(c[`${sessionId}_date_time`] as string);
      const turns = c[sessionId] as Turn[];
      const batch: EngramEvent[] = [
        benchEvent(
          'SessionStarted',
          { sessionId },
          { userId, sessionId, occurredAt: start.toISOString(), idParts: [userId, sessionId, 'start'] },
        ),
      ];
      turns.forEach((t, i) => {
        existing.add(t.dia_id);
        const at = new Date(start.getTime() + (i + 1) * 1000).toISOString();
        const content = `${t.speaker}: ${t.text}${t.blip_caption ? ` [shares a photo: ${t.blip_caption}]` : ''}`;
        batch.push(
          benchEvent(
            'MessageObserved',
            {
              messageId: t.dia_id,
              role: t.speaker === c.speaker_a ? 'user' : 'assistant',
              content,
              metadata: { speaker: t.speaker },
            },
            { userId, sessionId, occurredAt: at, idParts: [userId, t.dia_id] },
          ),
        );
      });
      const end = new Date(start.getTime() + (turns.length + 1) * 1000);
      batch.push(
        benchEvent(
          'SessionEnded',
          { sessionId, reason: 'explicit' },
          { userId, sessionId, occurredAt: end.toISOString(), idParts: [userId, sessionId, 'end'] },
        ),
      );
      batches.push(batch);
      if (end > last) last = end;
    }
    corpora.push({ userId, batches, now: new Date(last.getTime() + 86_400_000) });

    for (const qa of conv.qa) {
      const category = LOCOMO_CATEGORIES[qa.category];
      if (!category) continue;
      const goldTurns = new Set(cleanEvidence(qa.evidence ?? [], existing));
      if (goldTurns.size === 0) continue;
      const goldSessions = new Set([...goldTurns].map((t) => sessionOfDia(t)!));
      queries.push({
        userId,
        query: qa.question,
        category,
        score(hits, ks) {
          const out: Record<string, number> = {};
          for (const k of ks) {
            const top = hits.slice(0, k);
            out[`turn_recall@${k}`] = recallAt(goldTurns, uniqueInOrder(top.flatMap(turnsOf)));
            out[`session_recall@${k}`] = recallAt(goldSessions, uniqueInOrder(top.flatMap(sessionsOf)));
          }
          return out;
        },
      });
    }
  }
  return {
    name: 'locomo',
    corpora,
    queries,
    metrics: (ks) => [...ks.map((k) => `turn_recall@${k}`), ...ks.map((k) => `session_recall@${k}`)],
  };
}
