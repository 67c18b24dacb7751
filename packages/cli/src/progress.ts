import type { CliIo } from './io';

export interface ProgressLine {
  phase: string;
  done: number;
  total: number | null;
  /** Items per second since the phase started. */
  rate: number;
  etaSeconds: number | null;
}

export interface Progress {
  /** Sets the absolute count done (and the total when it became known). */
  update(done: number, total?: number | null): void;
  /** Prints the last state now (phase end). */
  finish(): void;
}

const BAR_WIDTH = 30;

function formatEta(s: number | null): string {
  if (s === null || !Number.isFinite(s)) return '--:--';
  const t = Math.round(s);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = t % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(sec).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * Long jobs report on stderr (stdout may carry data, e.g. export): a redrawn bar with rate and ETA
 * on a terminal, else a JSON line {"phase","done","total","rate","etaSeconds"} at most every
 * intervalMs (ENGRAM_PROGRESS_INTERVAL_MS, default 1000) and one at the end of the phase.
 */
export function createProgress(io: CliIo, phase: string, total: number | null = null): Progress {
  const started = Date.now();
  const intervalMs = Number(io.env.ENGRAM_PROGRESS_INTERVAL_MS ?? (io.isTTY ? 100 : 1000));
  let done = 0;
  let lastPrint = 0;
  let finished = false;

  const line = (): ProgressLine => {
    const elapsed = Math.max(1e-3, (Date.now() - started) / 1000);
    const rate = done / elapsed;
    const etaSeconds = total !== null && rate > 0 ? Math.max(0, (total - done) / rate) : null;
    return {
      phase,
      done,
      total,
      rate: Math.round(rate * 10) / 10,
      etaSeconds: etaSeconds === null ? null : Math.round(etaSeconds),
    };
  };

  const print = (final: boolean) => {
    const l = line();
    if (io.isTTY) {
      const frac = l.total ? Math.min(1, l.done / l.total) : 0;
      const filled = Math.round(frac * BAR_WIDTH);
      const bar = l.total
        ? `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${(frac * 100).toFixed(1).padStart(5)}%`
        : '[working]';
      const count = l.total !== null ? `${l.done}/${l.total}` : `${l.done}`;
      io.stderr.write(
        `\r${phase.padEnd(12)} ${bar} ${count} ${l.rate}/s ETA ${formatEta(l.etaSeconds)}${final ? '\n' : ''}`,
      );
    } else {
      io.stderr.write(`${JSON.stringify(l)}\n`);
    }
  };

  return {
    update(n, t) {
      done = n;
      if (t !== undefined) total = t;
      const now = Date.now();
      if (now - lastPrint >= intervalMs) {
        lastPrint = now;
        print(false);
      }
    },
    finish() {
      if (finished) return;
      finished = true;
      print(true);
    },
  };
}
