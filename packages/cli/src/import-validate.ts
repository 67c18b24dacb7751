import {
  deterministicId,
  EngramError,
  JsonEventCodec,
  scanContent,
  streamKeyOf,
  stringLeaves,
  type ContentQuarantined,
  type EngramEvent,
} from '@engram/core';

const codec = new JsonEventCodec();
const encoder = new TextEncoder();

export interface ImportLine {
  event: EngramEvent;
  lineNo: number;
}

/** One JSONL line → an event: the envelope is checked by the JSON codec, the payload by the log's codec on append. */
export function parseImportLine(line: string, lineNo: number): EngramEvent {
  try {
    return codec.decode(encoder.encode(line));
  } catch (e) {
    const err = e as EngramError;
    throw new EngramError('VALIDATION_FAILED', `line ${lineNo}: ${err.message}`, { details: { line: lineNo } });
  }
}

/** The scanner's own records quote refused content on purpose; nobody reads them as memory. */
const SCREEN_RECORDS = new Set<EngramEvent['type']>(['WriteRejected', 'ContentQuarantined']);

const sameStrings = (a: unknown, b: unknown): boolean => {
  const flat = (v: unknown) =>
    JSON.stringify(Object.entries(stringLeaves(v, '')).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return flat(a) === flat(b);
};

/**
 * Events of the file an operator released from quarantine: the file holds the quarantine record
 * and its release decision, the released event has the id and cause a release gives it, and it
 * carries exactly the texts that were held. A release whose quarantine is not in the file is
 * scanned like any other event.
 */
export function releasedFromQuarantine(events: readonly EngramEvent[]): Set<string> {
  const held = new Map<string, ContentQuarantined>();
  const releasedFrom = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'ContentQuarantined') held.set(`${streamKeyOf(e)}/${e.payload.quarantineId}`, e);
    else if (e.type === 'QuarantineResolved' && e.payload.resolution === 'released' && e.payload.releasedEventId) {
      releasedFrom.set(e.payload.releasedEventId, `${streamKeyOf(e)}/${e.payload.quarantineId}`);
    }
  }
  const out = new Set<string>();
  for (const e of events) {
    const key = releasedFrom.get(e.eventId);
    const q = key === undefined ? undefined : held.get(key);
    if (!q || key !== `${streamKeyOf(e)}/${q.payload.quarantineId}`) continue;
    const isRelease =
      e.eventId === deterministicId(q.payload.quarantineId, 'released') &&
      e.causationId === q.eventId &&
      e.type === q.payload.heldType;
    if (isRelease && sameStrings(e.payload, q.payload.heldPayload)) out.add(e.eventId);
  }
  return out;
}

/**
 * P2 for imports: every text of every payload passes the content scanner before anything is
 * appended, except the scanner's own records and what an operator released from quarantine.
 */
export function screenImport(lines: readonly ImportLine[]): void {
  const released = releasedFromQuarantine(lines.map((l) => l.event));
  for (const { event, lineNo } of lines) {
    if (SCREEN_RECORDS.has(event.type) || released.has(event.eventId)) continue;
    for (const text of Object.values(stringLeaves(event.payload, ''))) {
      const verdict = scanContent(text);
      if (!verdict.ok) {
        throw new EngramError(
          verdict.code,
          `line ${lineNo}: event ${event.eventId} (${event.type}) is blocked by the content scanner: ${verdict.reason}`,
          {
            details: { line: lineNo, eventId: event.eventId },
          },
        );
      }
    }
  }
}
