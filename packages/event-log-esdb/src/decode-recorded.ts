import { EngramError, type EventCodec, type StoredEvent } from '@engram/core';
import type { AllStreamResolvedEvent } from '@eventstore/db-client';
import { offsetOf } from './positions';
import { parseEventStreamName } from './stream-names';

/** An Engram event of $all, or null for anything else (system events, other streams, links). */
export function toStoredEvent(resolved: AllStreamResolvedEvent, prefix: string, codec: EventCodec): StoredEvent | null {
  const recorded = resolved.event;
  if (!recorded || recorded.type.startsWith('$')) return null;
  const stream = parseEventStreamName(prefix, recorded.streamId);
  if (!stream) return null;
  if (recorded.isJson || !(recorded.data instanceof Uint8Array)) {
    throw new EngramError('DECODE_FAILED', `event ${recorded.id} in ${recorded.streamId} is not a binary Engram event`);
  }
  const event = codec.decode(recorded.data);
  if (event.tenantId !== stream.tenantId || event.userId !== stream.userId) {
    throw new EngramError(
      'LOG_CORRUPT',
      `event ${event.eventId} belongs to ${event.tenantId}/${event.userId} but is stored in ${recorded.streamId}`,
    );
  }
  return { event, position: { partition: 0, offset: offsetOf(recorded.position) } };
}
