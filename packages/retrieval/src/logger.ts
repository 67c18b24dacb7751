/** The part of a pino logger this package uses. */
export interface RetrievalLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: RetrievalLogger = { info() {}, warn() {}, error() {} };
