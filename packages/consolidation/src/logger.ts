/** The logging the consolidator needs; a pino Logger satisfies it. */
export interface ConsolidationLogger {
  debug(obj: Record<string, unknown>, msg?: string): void;
  info(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
  error(obj: Record<string, unknown>, msg?: string): void;
}

export const silentLogger: ConsolidationLogger = { debug() {}, info() {}, warn() {}, error() {} };
