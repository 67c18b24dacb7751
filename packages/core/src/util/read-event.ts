import { EngramError } from '../errors';
import { formatPosition, type LogPosition, type StoredEvent } from '../events/types';
import type { EventLog } from '../ports/event-log';

/** The one event at a position (a dead letter's), or NOT_FOUND when the log no longer holds it. */
export async function readEventAt(log: Pick<EventLog, 'read'>, position: LogPosition): Promise<StoredEvent> {
  for await (const stored of log.read({ from: new Map([[position.partition, position.offset]]), limit: 1 })) {
    if (stored.position.partition === position.partition && stored.position.offset === position.offset) return stored;
    break;
  }
  throw new EngramError('NOT_FOUND', `the log holds no event at ${formatPosition(position)}`, {
    details: { position: formatPosition(position) },
    retriable: false,
  });
}
