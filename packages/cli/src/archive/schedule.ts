import { EngramError } from '@engram/core';
import { PROJECTION_NAMES, sqlProjectionProgress } from '@engram/projections';
import type { Foundation } from '@engram/runtime';
import { runColdArchive } from './cold-archive';

export interface ArchiveSchedule {
  hour: number;
  minute: number;
  days: number;
}

export const DEFAULT_ARCHIVE_DAYS = 90;

export function archiveDaysOf(env: Record<string, string | undefined>): number {
  const raw = env.ARCHIVE_DAYS ?? env.ENGRAM_ARCHIVE_DAYS;
  if (raw === undefined || raw === '') return DEFAULT_ARCHIVE_DAYS;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new EngramError('CONFIG_INVALID', `ARCHIVE_DAYS=${raw}: must be a number ≥ 0`);
  return n;
}

/** ENGRAM_ARCHIVE_AT=HH:MM local time (default 03:00), or "off"; ARCHIVE_DAYS (default 90). */
export function archiveScheduleOf(env: Record<string, string | undefined>): ArchiveSchedule | null {
  const at = env.ENGRAM_ARCHIVE_AT ?? '03:00';
  if (at === 'off') return null;
  const m = /^(\d{1,2}):(\d{2})$/.exec(at);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new EngramError('CONFIG_INVALID', `ENGRAM_ARCHIVE_AT=${at}: must be HH:MM (24-hour, local time) or off`);
  return { hour: Number(m[1]), minute: Number(m[2]), days: archiveDaysOf(env) };
}

/** The next local HH:MM strictly after `from`. */
export function nextRunAfter(from: Date, s: Pick<ArchiveSchedule, 'hour' | 'minute'>): Date {
  const next = new Date(from);
  next.setHours(s.hour, s.minute, 0, 0);
  if (next <= from) next.setDate(next.getDate() + 1);
  return next;
}

/**
 * A1's daily job inside the all-in-one: at the configured local time it runs the cold archive on the
 * service's own log and read store (projections are live, so it waits until they reached the head).
 */
export function startArchiveSchedule(f: Foundation, s: ArchiveSchedule): { close(): Promise<void> } {
  const logger = f.logger.child({ component: 'cold-archive' });
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  const progress = sqlProjectionProgress(f.db, [...PROJECTION_NAMES]);

  const runOnce = async () => {
    const head = await f.log.head();
    for (const [partition, next] of head) {
      if (next === 0) continue;
      for (let i = 0; i < 600 && !closed && !(await progress.reached({ partition, offset: next - 1 })); i++) await new Promise((r) => setTimeout(r, 1000));
    }
    if (closed) return;
    const out = await runColdArchive({ db: f.db, log: f.log, dataDir: f.cfg.dataDir }, { days: s.days, now: new Date() });
    logger.info(out, 'cold archive done');
  };
  const arm = () => {
    if (closed) return;
    const at = nextRunAfter(new Date(), s);
    timer = setTimeout(() => {
      running = runOnce()
        .catch((err: unknown) => logger.error({ err }, 'cold archive failed; it runs again at the next scheduled time'))
        .finally(arm);
    }, at.getTime() - Date.now());
    timer.unref();
    logger.info({ next: at.toISOString(), archiveDays: s.days }, 'cold archive scheduled');
  };
  arm();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
