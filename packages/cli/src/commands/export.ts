import { noPositionals, parseFlags, requiredFlag, stringFlag } from '../args';
import type { Command } from '../command';
import { writeLine } from '../io';
import { throwIfAborted } from '../interrupt';
import { withOffline } from '../offline';
import { DEFAULT_TENANT } from '../offline-app';
import { createProgress } from '../progress';

export const exportCommand: Command = {
  name: 'export',
  summary: "write one user's events as JSONL to stdout (B7)",
  usage: `Usage: engram export --user USER [--tenant TENANT] > user.jsonl

Writes every event of the user's stream in log order, one JSON object per line: the whole envelope
(eventId, type, schemaVersion, tenantId, userId, agentId, sessionId, occurredAt, recordedAt,
causationId, correlationId, keyId) and its payload. \`engram import\` reads the same format.
Progress goes to stderr. Works offline on the data directory.

Options:
  --user USER      the user (required)
  --tenant TENANT  the tenant (default "${DEFAULT_TENANT}")`,
  async run(argv, io) {
    const a = parseFlags('export', argv, { user: { type: 'string' }, tenant: { type: 'string' } });
    noPositionals('export', a);
    const userId = requiredFlag('export', a, 'user');
    const tenantId = stringFlag('export', a, 'tenant') ?? DEFAULT_TENANT;
    const written = await withOffline(io, 'export', async (f) => {
      const head = await f.log.head();
      const progress = createProgress(
        io,
        'export',
        [...head.values()].reduce((s, n) => s + n, 0),
      );
      let scanned = 0;
      let written = 0;
      for await (const { event } of f.log.read()) {
        scanned++;
        if (event.tenantId === tenantId && event.userId === userId) {
          await writeLine(io.stdout, JSON.stringify(event));
          written++;
        }
        if (scanned % 1000 === 0) {
          progress.update(scanned);
          throwIfAborted(io.signal, 'export');
        }
      }
      progress.update(scanned);
      progress.finish();
      return written;
    });
    io.stderr.write(`exported ${written} events of ${tenantId}/${userId}\n`);
    return 0;
  },
};
