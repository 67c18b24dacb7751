import type { DeadLetter, DeadLetterFilter } from '@engram/core';
import { sqlDeadLetters } from '@engram/projections';
import { intFlag, parseFlags, stringFlag } from '../args';
import type { Command } from '../command';
import { withOffline } from '../offline';
import { UsageError } from '../usage-error';

function render(list: DeadLetter[], counts: Record<string, number>): string {
  const lines = [
    `dead letters per projection: ${
      Object.keys(counts).length === 0
        ? 'none'
        : Object.entries(counts)
            .map(([p, n]) => `${p} ${n}`)
            .join(', ')
    }`,
  ];
  for (const d of list) {
    lines.push(
      `${d.id}  ${d.projection.padEnd(13)} ${d.position.partition}:${d.position.offset}  ${d.eventType ?? '?'} ${d.eventId ?? '?'}  ${d.tenantId ?? '?'}/${d.userId ?? '?'}  ${d.status}  ${d.attempts}×  ${d.code}: ${d.error}`,
    );
  }
  return lines.join('\n');
}

export const deadLettersCommand: Command = {
  name: 'dead-letters',
  summary: 'list the events a projection could not apply (L8), or mark them for retry after a fix',
  usage: `Usage: engram dead-letters list [--projection P] [--tenant T] [--user U] [--limit N] [--json]
       engram dead-letters retry [--id ID | --projection P] [--tenant T] [--user U]

list    the dead letters in the read store: projection, log position, event, its user, the error
        and how often it was tried.
retry   marks them for retry: each projection applies its own again (the running service within
        seconds; offline, at the next start). One that fails again is parked again.
Works on the data directory offline, or on the PostgreSQL read store of a running deployment.

Options:
  --projection P  working, episodic, semantic, archival, search-index or consolidator
  --id ID         one dead letter (retry)
  --tenant T, --user U   only this tenant / user
  --limit N       at most N (list; default 100, at most 1000)
  --json          one JSON object instead of text`,
  async run(argv, io) {
    const a = parseFlags('dead-letters', argv, {
      projection: { type: 'string' },
      id: { type: 'string' },
      tenant: { type: 'string' },
      user: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
    });
    const [action, ...rest] = a.positionals;
    if (rest.length > 0 || (action !== 'list' && action !== 'retry'))
      throw new UsageError('expected `dead-letters list` or `dead-letters retry`', 'dead-letters');
    const filter: DeadLetterFilter & { id?: string } = {};
    const projection = stringFlag('dead-letters', a, 'projection');
    const tenantId = stringFlag('dead-letters', a, 'tenant');
    const userId = stringFlag('dead-letters', a, 'user');
    const id = stringFlag('dead-letters', a, 'id');
    if (projection) filter.projection = projection;
    if (tenantId) filter.tenantId = tenantId;
    if (userId) filter.userId = userId;
    if (action === 'list') {
      if (id) throw new UsageError('--id is for retry', 'dead-letters');
      filter.limit = intFlag('dead-letters', a, 'limit', 100, 1);
      const out = await withOffline(io, 'dead-letters', async (f) => {
        const store = sqlDeadLetters(f.db);
        return { deadLetters: await store.list(filter), counts: await store.counts() };
      });
      io.stdout.write(`${a.flags.json ? JSON.stringify(out) : render(out.deadLetters, out.counts)}\n`);
      return 0;
    }
    if (id) filter.id = id;
    const requested = await withOffline(io, 'dead-letters', (f) => sqlDeadLetters(f.db).requestRetry(filter));
    io.stdout.write(
      a.flags.json ? `${JSON.stringify({ requested })}\n` : `${requested} dead letter(s) marked for retry\n`,
    );
    return 0;
  },
};
