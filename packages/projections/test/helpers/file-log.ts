import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonEventCodec, type EngramEvent, type LogPosition, type StoredEvent } from '@engram/core';
import { openFileEventLog } from '@engram/event-log-file';

export async function openTempFileLog(): Promise<{
  log: Awaited<ReturnType<typeof openFileEventLog>>;
  dispose(): Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'engram-proj-log-'));
  const log = await openFileEventLog({ dir, codec: new JsonEventCodec() });
  return {
    log,
    async dispose() {
      await log.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Appends events one stream run at a time (an append must hold one stream); returns the last position. */
export async function appendAll(
  log: { append(events: EngramEvent[]): Promise<{ positions: LogPosition[] }> },
  events: readonly StoredEvent[],
): Promise<LogPosition> {
  let last: LogPosition | undefined;
  let run: EngramEvent[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    const r = await log.append(run);
    last = r.positions[r.positions.length - 1];
    run = [];
  };
  for (const s of events) {
    const prev = run[run.length - 1];
    if (prev && (prev.tenantId !== s.event.tenantId || prev.userId !== s.event.userId)) await flush();
    run.push(s.event);
  }
  await flush();
  if (!last) throw new Error('nothing appended');
  return last;
}
