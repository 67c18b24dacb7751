export interface LogLogger {
  info(o: object, msg?: string): void;
  warn(o: object, msg?: string): void;
}

export const silentLogger: LogLogger = { info: () => undefined, warn: () => undefined };
