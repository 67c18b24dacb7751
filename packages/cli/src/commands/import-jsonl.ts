import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { EngramError, streamKeyOf, type EngramEvent, type EventLog } from '@engram/core';
import type { CliIo } from '../io';
import { parseImportLine, screenImport, type ImportLine } from '../import-validate';
import { throwIfAborted } from '../interrupt';
import { createProgress } from '../progress';

const MAX_BATCH = 256;

export interface ImportOutcome {
  read: number;
  appended: number;
  skipped: number;
}

/** Every line is validated before anything is appended: a bad file changes nothing. */
async function readEvents(file: string): Promise<EngramEvent[]> {
  const events: ImportLine[] = [];
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let lineNo = 0;
  try {
    for await (const line of lines) {
      lineNo++;
      if (line.trim() === '') continue;
      events.push({ event: parseImportLine(line, lineNo), lineNo });
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new EngramError('NOT_FOUND', `no such file: ${file}`);
    throw e;
  }
  screenImport(events);
  return events.map((l) => l.event);
}

/** Event ids already in the log for the given streams (the idempotency check). */
export async function existingEventIds(
  log: EventLog,
  streams: ReadonlySet<string>,
  signal: AbortSignal,
): Promise<Set<string>> {
  const ids = new Set<string>();
  let n = 0;
  for await (const { event } of log.read()) {
    if (streams.has(streamKeyOf(event))) ids.add(event.eventId);
    if (++n % 5000 === 0) throwIfAborted(signal, 'import');
  }
  return ids;
}

/**
 * B7: appends exported events, idempotent by event id (an event already in its stream is skipped),
 * in file order, batching consecutive events of one stream. Ctrl-C stops between batches; running
 * the same import again appends only what is missing.
 */
export async function importJsonl(log: EventLog, file: string, io: CliIo): Promise<ImportOutcome> {
  const events = await readEvents(file);
  const seen = new Set<string>();
  for (const e of events) {
    if (seen.has(e.eventId))
      throw new EngramError('VALIDATION_FAILED', `event id ${e.eventId} appears twice in ${file}`, {
        details: { eventId: e.eventId },
      });
    seen.add(e.eventId);
  }
  const existing = await existingEventIds(log, new Set(events.map(streamKeyOf)), io.signal);
  const progress = createProgress(io, 'import', events.length);
  let appended = 0;
  let skipped = 0;
  let batch: EngramEvent[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await log.append(batch);
    appended += batch.length;
    batch = [];
    progress.update(appended + skipped);
    throwIfAborted(io.signal, 'import');
  };
  for (const e of events) {
    if (existing.has(e.eventId)) {
      skipped++;
      continue;
    }
    if (batch.length >= MAX_BATCH || (batch.length > 0 && streamKeyOf(batch[0]!) !== streamKeyOf(e))) await flush();
    batch.push(e);
  }
  await flush();
  progress.update(appended + skipped);
  progress.finish();
  return { read: events.length, appended, skipped };
}
