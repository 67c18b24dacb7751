import { EngramError, JsonEventCodec, scanContent, type EngramEvent } from '@engram/core';

const codec = new JsonEventCodec();
const encoder = new TextEncoder();

function stringLeaves(v: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 8) return out;
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringLeaves(x, out, depth + 1);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringLeaves(x, out, depth + 1);
  return out;
}

/**
 * One JSONL line → an event: the envelope is checked by the JSON codec, the payload by the log's
 * codec on append, and every text of the payload by the content scanner (P2: imports are a write
 * path too). A WriteRejected record is exempt: its `match` quotes the blocked fragment on purpose.
 */
export function parseImportLine(line: string, lineNo: number): EngramEvent {
  let event: EngramEvent;
  try {
    event = codec.decode(encoder.encode(line));
  } catch (e) {
    const err = e as EngramError;
    throw new EngramError('VALIDATION_FAILED', `line ${lineNo}: ${err.message}`, { details: { line: lineNo } });
  }
  if (event.type !== 'WriteRejected') {
    for (const text of stringLeaves(event.payload)) {
      const verdict = scanContent(text);
      if (!verdict.ok) {
        throw new EngramError(verdict.code, `line ${lineNo}: event ${event.eventId} (${event.type}) is blocked by the content scanner: ${verdict.reason}`, {
          details: { line: lineNo, eventId: event.eventId },
        });
      }
    }
  }
  return event;
}
