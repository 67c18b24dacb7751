import { access, constants } from 'node:fs/promises';
import { EngramError } from '@engram/core';
import { intFlag, parseFlags, stringFlag } from '../args';
import type { Command } from '../command';
import { withOffline } from '../offline';
import { DEFAULT_TENANT, openOfflineApp } from '../offline-app';
import { UsageError } from '../usage-error';
import { importJsonl } from './import-jsonl';
import { importLocomo } from './import-locomo';

export const importCommand: Command = {
  name: 'import',
  summary: 'append events from an export (JSONL, idempotent) or a LoCoMo conversation file',
  usage: `Usage: engram import FILE
       engram import --format locomo [--tenant TENANT] [--conversations N] [--sessions N] FILE

--format jsonl (default): the output of \`engram export\`. Every line is validated (envelope, payload
  codec, content scanner) before anything is appended; events whose eventId is already in the log
  are skipped, so an interrupted import is finished by running it again.
--format locomo: a LoCoMo-style conversation file. Each conversation becomes a user (its sample_id),
  each turn a MessageObserved through the API's command handler (messageId = dia_id, time = the
  session date), each session ends with SessionEnded. Turns already in the log are skipped.

Options:
  --format jsonl|locomo   input format (default jsonl)
  --tenant TENANT         tenant of the imported users (locomo; default "${DEFAULT_TENANT}")
  --conversations N       import only the first N conversations (locomo; 0 = all)
  --sessions N            import only the first N sessions of each conversation (locomo; 0 = all)`,
  async run(argv, io) {
    const a = parseFlags('import', argv, {
      format: { type: 'string' },
      tenant: { type: 'string' },
      conversations: { type: 'string' },
      sessions: { type: 'string' },
    });
    if (a.positionals.length !== 1)
      throw new UsageError(a.positionals.length === 0 ? 'FILE is required' : 'give exactly one FILE', 'import');
    const file = a.positionals[0]!;
    const format = stringFlag('import', a, 'format') ?? 'jsonl';
    if (format !== 'jsonl' && format !== 'locomo')
      throw new UsageError(`--format ${format}: must be jsonl or locomo`, 'import');
    // Checked before the data directory is opened: a typo must not cost a store start-up.
    await access(file, constants.R_OK).catch(() => {
      throw new EngramError('NOT_FOUND', `cannot read ${file}`);
    });
    if (format === 'jsonl') {
      for (const f of ['tenant', 'conversations', 'sessions'])
        if (a.flags[f] !== undefined) throw new UsageError(`--${f} applies to --format locomo only`, 'import');
      const out = await withOffline(io, 'import', (f) => importJsonl(f.log, file, io));
      io.stdout.write(`${JSON.stringify(out)}\n`);
      return 0;
    }
    const opts = {
      tenantId: stringFlag('import', a, 'tenant') ?? DEFAULT_TENANT,
      conversations: intFlag('import', a, 'conversations', 0),
      sessions: intFlag('import', a, 'sessions', 0),
    };
    const out = await withOffline(io, 'import', async (f) => {
      const app = await openOfflineApp(f);
      try {
        return await importLocomo(app, f.log, file, opts, io);
      } finally {
        await app.close();
      }
    });
    if (out.users === 0) throw new EngramError('VALIDATION_FAILED', `${file} holds no conversations`);
    io.stdout.write(`${JSON.stringify(out)}\n`);
    return 0;
  },
};
