import { toEngramError } from '@engram/core';
import type { Command } from './command';
import { COMMANDS } from './commands';
import type { CliIo } from './io';
import { UsageError } from './usage-error';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

const CONFIG_HELP = `Configuration comes from the same environment as the service (ENGRAM_DATA_DIR, ENGRAM_LOG,
ENGRAM_STORE, DATABASE_URL, ENGRAM_EMBEDDER, ENGRAM_CONFIG, ...). See docs/operations.md.`;

export function mainUsage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'Usage: engram <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `engram <command> --help` for the options of one command.',
    CONFIG_HELP,
    '',
    'Exit codes: 0 success, 1 failure (the error code is printed), 2 usage error.',
  ].join('\n');
}

function findCommand(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/** Runs one command line; never throws: every error becomes a message on stderr and an exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const target = name === 'help' && rest[0] ? findCommand(rest[0]) : undefined;
    io.stdout.write(`${target ? target.usage : mainUsage()}\n`);
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  const command = findCommand(name);
  if (!command) {
    io.stderr.write(`engram: unknown command "${name}"\n\n${mainUsage()}\n`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(`${command.usage}\n`);
    return EXIT_OK;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr.write(`engram ${command.name}: ${e.message}\n\n${command.usage}\n`);
      return EXIT_USAGE;
    }
    const err = toEngramError(e);
    const reason = typeof err.details?.reason === 'string' ? `/${err.details.reason}` : '';
    io.stderr.write(`engram ${command.name}: error ${err.code}${reason}: ${err.message}\n`);
    if (io.env.ENGRAM_DEBUG && err.stack) io.stderr.write(`${err.stack}\n`);
    return EXIT_FAILURE;
  }
}
