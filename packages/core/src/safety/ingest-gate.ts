import type { EventLog, ReadOptions } from '../ports/event-log';
import { formatPosition, type EngramEvent, type EventType, type StoredEvent } from '../events/types';
import { silentLogger, type Logger } from '../ports/logger';
import { currentSchemaVersion } from '../events/schema-versions';
import { deterministicId } from '../util/ids';
import { quarantinePayload, rejectionPayload, stringLeaves, type ContentScreen } from './screen';

/** The screen's own records carry refused content by design; a later reader never takes it as memory. */
const SCREEN_RECORDS: ReadonlySet<EventType> = new Set(['WriteRejected', 'ContentQuarantined']);

const ATTEMPTED: { [T in EventType]?: string } = {
  MessageObserved: 'message',
  MemoryWritten: 'memory',
  FactExtracted: 'fact',
  EpisodeCreated: 'episode',
  SkillRecorded: 'skill',
};

/** Where the reason says a refusal came from: content no screened write path had seen. */
export const PUBLISHED_PREFIX = 'published in the clear: ';

/**
 * P2 for events a producer published straight to the log. Events whose user content Engram sealed
 * came through a screened write path and pass untouched; an event with user content in the clear
 * (`plaintext`) is screened field by field. A refusal is delivered in its place, at the same
 * position and with the same envelope and event id: WriteRejected (policy block, and hidden
 * characters whatever the policy) or ContentQuarantined holding the event whole for an operator
 * (policy quarantine). The screen must be deterministic (rules, no classifier): every consumer
 * reads the log on its own and must reach the same verdict on every replay.
 */
export async function screenPublished(
  stored: StoredEvent,
  screen: ContentScreen,
  logger: Logger = silentLogger,
): Promise<StoredEvent> {
  const event = stored.event;
  if (!stored.plaintext || SCREEN_RECORDS.has(event.type)) return stored;
  const fields = stringLeaves(event.payload, '');
  const decision = await screen.screen(fields);
  const at = {
    eventId: event.eventId,
    type: event.type,
    tenantId: event.tenantId,
    position: formatPosition(stored.position),
  };
  if (decision.action === 'accept') {
    if (decision.flagged)
      logger.warn(
        { ...at, code: decision.flagged.code, field: decision.flagged.field },
        'scanner flagged an event published in the clear; delivered under policy allow',
      );
    return stored;
  }
  logger.warn(
    { ...at, code: decision.verdict.code, field: decision.field, action: decision.action },
    'event published in the clear refused by the content scanner',
  );
  const attempted = ATTEMPTED[event.type] ?? event.type;
  const { type: _type, schemaVersion: _version, payload: _payload, ...envelope } = event;
  let replaced: EngramEvent;
  if (decision.action === 'quarantine') {
    const held = quarantinePayload(decision, attempted, deterministicId(event.eventId, 'quarantine'), event);
    replaced = {
      ...envelope,
      type: 'ContentQuarantined',
      schemaVersion: currentSchemaVersion('ContentQuarantined'),
      payload: { ...held, reason: `${PUBLISHED_PREFIX}${held.reason}` },
    };
  } else {
    const payload = rejectionPayload(decision, attempted, fields[decision.field] ?? '', PUBLISHED_PREFIX);
    replaced = { ...envelope, type: 'WriteRejected', schemaVersion: currentSchemaVersion('WriteRejected'), payload };
  }
  return { ...stored, event: replaced };
}

/**
 * The log as its readers (projectors, the search index, the consolidator, replay) see it: every
 * event published in the clear is screened on delivery (screenPublished); appends and everything
 * else pass through to `log`, whose own type (and extra methods) the result keeps.
 */
export function createScreenedLog<L extends EventLog>(log: L, screen: ContentScreen, logger: Logger = silentLogger): L {
  const read = async function* (opts?: ReadOptions) {
    for await (const stored of log.read(opts)) yield await screenPublished(stored, screen, logger);
  };
  const subscribe: EventLog['subscribe'] = (handler, opts) =>
    log.subscribe(async (batch) => {
      const screened: StoredEvent[] = [];
      for (const stored of batch) screened.push(await screenPublished(stored, screen, logger));
      await handler(screened);
    }, opts);
  return new Proxy(log, {
    get(target, prop) {
      if (prop === 'read') return read;
      if (prop === 'subscribe') return subscribe;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
