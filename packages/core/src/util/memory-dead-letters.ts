import { deadLetterId, type DeadLetter, type DeadLetterFilter, type DeadLetters } from '../ports/dead-letters';

function matches(d: DeadLetter, f: DeadLetterFilter & { id?: string }): boolean {
  return (
    (f.id === undefined || d.id === f.id) &&
    (f.projection === undefined || d.projection === f.projection) &&
    (f.eventId === undefined || d.eventId === f.eventId) &&
    (f.tenantId === undefined || d.tenantId === f.tenantId) &&
    (f.userId === undefined || d.userId === f.userId) &&
    (f.status === undefined || d.status === f.status)
  );
}

/** The embedded adapter of the DeadLetters port (a process without a read store: tests, tools). */
export function memoryDeadLetters(): DeadLetters {
  const all = new Map<string, DeadLetter>();
  return {
    async record(dl) {
      const id = deadLetterId(dl.projection, dl.position);
      const now = new Date().toISOString();
      const prev = all.get(id);
      const d: DeadLetter = {
        ...dl,
        id,
        attempts: (prev?.attempts ?? 0) + dl.attempts,
        status: 'dead',
        firstFailedAt: prev?.firstFailedAt ?? now,
        lastFailedAt: now,
        retryRequestedAt: null,
      };
      all.set(id, d);
      return { ...d };
    },
    async list(filter = {}) {
      const limit = Math.min(1000, Math.max(1, filter.limit ?? 100));
      return [...all.values()]
        .filter((d) => matches(d, filter) && (filter.after === undefined || d.id > filter.after))
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .slice(0, limit)
        .map((d) => ({ ...d }));
    },
    async counts(of = {}) {
      const out: Record<string, number> = {};
      for (const d of all.values()) if (matches(d, of)) out[d.projection] = (out[d.projection] ?? 0) + 1;
      return out;
    },
    async requestRetry(filter) {
      let n = 0;
      for (const d of all.values()) {
        if (!matches(d, filter)) continue;
        d.status = 'retry_requested';
        d.retryRequestedAt = new Date().toISOString();
        n++;
      }
      return n;
    },
    async retryRequested(projection, limit) {
      return [...all.values()]
        .filter((d) => d.projection === projection && d.status === 'retry_requested')
        .sort((a, b) => a.position.partition - b.position.partition || a.position.offset - b.position.offset)
        .slice(0, limit)
        .map((d) => ({ ...d }));
    },
    async resolve(id) {
      all.delete(id);
    },
    async failedAgain(id, code, error) {
      const d = all.get(id);
      if (!d) return;
      Object.assign(d, {
        status: 'dead',
        code,
        error,
        attempts: d.attempts + 1,
        lastFailedAt: new Date().toISOString(),
        retryRequestedAt: null,
      });
    },
    async purgeUser(tenantId, userId) {
      let n = 0;
      for (const [id, d] of all) {
        if (d.tenantId === tenantId && d.userId === userId) {
          all.delete(id);
          n++;
        }
      }
      return n;
    },
  };
}
