import { readFile } from 'node:fs/promises';
import { EngramError } from '@engram/core';

export interface LocomoTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

export interface LocomoSession {
  sessionId: string;
  /** ISO time the session started (from session_<n>_date_time). */
  startedAt: string;
  turns: LocomoTurn[];
}

export interface LocomoConversation {
  sampleId: string;
  speakerA: string;
  speakerB: string;
  sessions: LocomoSession[];
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
export function parseLocomoDate(s: string): string {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(s);
  const month = m ? MONTHS.indexOf(m[5]!.toLowerCase()) : -1;
  if (!m || month < 0) throw new EngramError('VALIDATION_FAILED', `unrecognised LoCoMo session date "${s}"`);
  let hour = Number(m[1]) % 12;
  if (m[3]!.toLowerCase() === 'pm') hour += 12;
  return new Date(Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]))).toISOString();
}

function bad(msg: string): EngramError {
  return new EngramError('VALIDATION_FAILED', `not a LoCoMo conversation file: ${msg}`);
}

/** Reads a LoCoMo-style file: an array of {sample_id, conversation: {speaker_a, speaker_b, session_<n>, session_<n>_date_time}}. */
export async function loadLocomo(file: string): Promise<LocomoConversation[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new EngramError('NOT_FOUND', `no such file: ${file}`);
    throw bad((e as Error).message);
  }
  if (!Array.isArray(raw)) throw bad('the top level must be an array of conversations');
  return raw.map((item, i) => {
    const conv = item as { sample_id?: unknown; conversation?: Record<string, unknown> };
    const c = conv.conversation;
    if (!c || typeof c !== 'object') throw bad(`entry ${i} has no "conversation" object`);
    const sampleId = typeof conv.sample_id === 'string' ? conv.sample_id : `conv-${i}`;
    const nums = Object.keys(c)
      .map((k) => /^session_(\d+)$/.exec(k)?.[1])
      .filter(
        (n): n is string =>
          n !== undefined && Array.isArray(c[`session_${n}`]) && typeof c[`session_${n}_date_time`] === 'string',
      )
      .map(Number)
      .sort((a, b) => a - b);
    const sessions = nums.map((n) => {
      const turns = c[`session_${n}`] as LocomoTurn[];
      for (const t of turns) {
        if (typeof t?.speaker !== 'string' || typeof t.dia_id !== 'string' || typeof t.text !== 'string')
          throw bad(`${sampleId} session_${n} has a turn without speaker, dia_id and text`);
      }
      return { sessionId: `session_${n}`, startedAt: parseLocomoDate(c[`session_${n}_date_time`] as string), turns };
    });
    return { sampleId, speakerA: String(c.speaker_a ?? ''), speakerB: String(c.speaker_b ?? ''), sessions };
  });
}
