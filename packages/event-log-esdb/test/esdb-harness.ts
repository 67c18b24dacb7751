import { randomBytes } from 'node:crypto';
import type { EventCodec, EventLog } from '@engram/core';
import { openEsdbEventLog } from '@engram/event-log-esdb';

/** e.g. `esdb://127.0.0.1:2113?tls=false`; the server-backed tests are skipped without it. */
export const ESDB_URL = process.env.ENGRAM_TEST_ESDB_URL;

/** A stream prefix of its own per test, so tests (and reruns against one server) never see each other. */
export function uniquePrefix(): string {
  return `t${randomBytes(6).toString('hex')}`;
}

export async function openTestLog(url: string, codec: EventCodec, streamPrefix = uniquePrefix()): Promise<{ log: EventLog; streamPrefix: string }> {
  return { log: await openEsdbEventLog({ connectionString: url, codec, streamPrefix }), streamPrefix };
}
