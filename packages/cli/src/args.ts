import { parseArgs } from 'node:util';
import { parsePosition, type LogPosition } from '@engram/core';
import { UsageError } from './usage-error';

export type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

export interface ParsedArgs {
  flags: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** Strict parsing: unknown flags and missing values are usage errors naming the command. */
export function parseFlags(command: string, argv: string[], spec: FlagSpec): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...spec, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { flags: values as ParsedArgs['flags'], positionals };
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''), command);
  }
}

export function stringFlag(command: string, a: ParsedArgs, name: string): string | undefined {
  const v = a.flags[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v.trim() === '') throw new UsageError(`--${name} needs a value`, command);
  return v;
}

export function requiredFlag(command: string, a: ParsedArgs, name: string): string {
  const v = stringFlag(command, a, name);
  if (v === undefined) throw new UsageError(`--${name} is required`, command);
  return v;
}

export function intFlag(command: string, a: ParsedArgs, name: string, dflt: number, min = 0): number {
  const v = stringFlag(command, a, name);
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`--${name}=${v}: must be an integer ≥ ${min}`, command);
  return n;
}

export function numberFlag(command: string, a: ParsedArgs, name: string, dflt: number, min = 0): number {
  const v = stringFlag(command, a, name);
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) throw new UsageError(`--${name}=${v}: must be a number ≥ ${min}`, command);
  return n;
}

export function positionFlag(command: string, a: ParsedArgs, name: string): LogPosition | null {
  const v = stringFlag(command, a, name);
  if (v === undefined) return null;
  const p = parsePosition(v);
  if (!p) throw new UsageError(`--${name}=${v}: must be a log position "partition:offset" or an offset`, command);
  return p;
}

export function noPositionals(command: string, a: ParsedArgs, allowed = 0): void {
  if (a.positionals.length > allowed) throw new UsageError(`unexpected argument "${a.positionals[allowed]}"`, command);
}
