import type { Logger } from './logger';

export interface Closeable {
  name: string;
  close(): Promise<void>;
}

/**
 * Closes components in reverse start order on SIGINT/SIGTERM, so the API stops taking writes before
 * the log flushes and the store closes. A second signal exits at once.
 */
export class Lifecycle {
  private readonly stack: Closeable[] = [];
  private stopping: Promise<void> | null = null;

  constructor(private readonly logger: Logger) {}

  add(c: Closeable): void {
    this.stack.push(c);
  }

  async stop(): Promise<void> {
    if (this.stopping) return this.stopping;
    this.stopping = (async () => {
      while (this.stack.length > 0) {
        const c = this.stack.pop()!;
        try {
          await c.close();
          this.logger.info({ component: c.name }, 'closed');
        } catch (e) {
          this.logger.error({ err: e, component: c.name }, 'close failed');
        }
      }
    })();
    return this.stopping;
  }

  installSignalHandlers(): void {
    let signals = 0;
    const onSignal = (sig: NodeJS.Signals) => {
      signals += 1;
      if (signals > 1) process.exit(130);
      this.logger.info({ signal: sig }, 'shutting down');
      void this.stop().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
}

/** Runs a service's main, logging a startup failure (e.g. CONFIG_INVALID) clearly before exiting 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    const err = e as { code?: string; message?: string };
    process.stderr.write(`engram: failed to start${err.code ? ` (${err.code})` : ''}: ${err.message ?? String(e)}\n`);
    process.exit(1);
  });
}
