import { Writable } from 'node:stream';
import {
  createRootLogger,
  Lifecycle,
  openFoundation,
  parseConfig,
  type EngramConfig,
  type Foundation,
  type Logger,
} from '@engram/runtime';
import type { CliIo } from './io';
import { assertServiceStopped } from './service-guard';

export function configOf(io: CliIo): Readonly<EngramConfig> {
  return parseConfig(io.env, io.cwd);
}

/** Component logs go to stderr at warn (LOG_LEVEL overrides), never to stdout where data goes. */
export function cliLogger(io: CliIo, command: string): Logger {
  const sink = new Writable({
    write(chunk, _enc, cb) {
      io.stderr.write(chunk);
      cb();
    },
  });
  return createRootLogger({ service: `engram-${command}`, level: io.env.LOG_LEVEL ?? 'warn', destination: sink });
}

export interface Offline extends Foundation {
  close(): Promise<void>;
}

/** Opens the log and the read store for an offline command, refusing when the service has them open. */
export async function openOffline(
  io: CliIo,
  command: string,
  cfg: Readonly<EngramConfig> = configOf(io),
): Promise<Offline> {
  assertServiceStopped(cfg, command);
  const logger = cliLogger(io, command);
  const life = new Lifecycle(logger);
  try {
    const f = await openFoundation(cfg, logger, life);
    return { ...f, close: () => life.stop() };
  } catch (e) {
    await life.stop();
    throw e;
  }
}

/** Runs fn on an offline foundation and always closes it. */
export async function withOffline<T>(
  io: CliIo,
  command: string,
  fn: (f: Offline) => Promise<T>,
  cfg?: Readonly<EngramConfig>,
): Promise<T> {
  const f = await openOffline(io, command, cfg);
  try {
    return await fn(f);
  } finally {
    await f.close();
  }
}
