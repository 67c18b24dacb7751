import type { CliIo } from './io';

export interface Command {
  name: string;
  /** One line for `engram --help`. */
  summary: string;
  /** Full help text of `engram <name> --help`. */
  usage: string;
  /** Resolves the process exit code (0 on success); throws UsageError or EngramError otherwise. */
  run(argv: string[], io: CliIo): Promise<number>;
}
