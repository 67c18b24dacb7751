import { randomBytes } from 'node:crypto';
import type { EventCodec, EventLog } from '@engram/core';
import { openEsdbEventLog } from '@engram/event-log-esdb';

/** A stream prefix of its own per test, so tests (and reruns against one server) never see each other. */
export function uniquePrefix(): string {
  return `t${randomBytes(6).toString('hex')}`;
}

export async function openTestLog(
  url: string,
  codec: EventCodec,
  streamPrefix = uniquePrefix(),
): Promise<{ log: EventLog; streamPrefix: string }> {
  return { log: await openEsdbEventLog({ connectionString: url, codec, streamPrefix }), streamPrefix };
}
