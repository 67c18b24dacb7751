import { pino, type Logger } from 'pino';

export type { Logger } from 'pino';

/** Paths that may carry secrets; pino replaces them with "[redacted]" wherever they appear. */
export const REDACT_PATHS = [
  'apiKey',
  '*.apiKey',
  '*.*.apiKey',
  'password',
  '*.password',
  'connectionString',
  '*.connectionString',
  '*.*.connectionString',
  'databaseUrl',
  '*.databaseUrl',
  '*.*.databaseUrl',
  'masterKey',
  '*.masterKey',
  '*.*.masterKey',
  'req.headers.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'req.headers["x-api-key"]',
  'headers["x-api-key"]',
  '*.headers["x-api-key"]',
  'authorization',
  '*.authorization',
  'adminKey',
  '*.adminKey',
  'token',
  '*.token',
  '*.*.token',
];

/** One root logger per process; components take `root.child({ component })`. */
export function createRootLogger(opts: {
  service: string;
  level?: string;
  pretty?: boolean;
  destination?: NodeJS.WritableStream;
}): Logger {
  return pino(
    {
      name: opts.service,
      level: opts.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { service: opts.service, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    opts.destination as never,
  );
}
