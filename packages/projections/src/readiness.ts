import {
  toEngramError,
  type ComponentHealth,
  type ReadinessReport,
  type SqlExecutor,
  type EventLog,
} from '@engram/core';
import type { ProjectorStatus } from './runner';

interface ProjectorHandle {
  name: string;
  status(): ProjectorStatus;
}

interface SearchIndexHandle {
  /** Applied in full (keywords and vectors). */
  positions(): Map<number, number>;
  /** Keyword-searchable (the vectors may follow later). */
  lexicalPositions?(): Map<number, number>;
  status(): {
    rebuilding: 'full' | 'tail' | null;
    failingSince: string | null;
    lastError: string | null;
    deadLettered: number;
    vectors?: { backlog: number; rebuilding: boolean; failingSince: string | null; lastError: string | null };
  };
}

interface EmbedderHandle {
  state(): { state: 'idle' | 'loading' | 'ready' | 'failed'; error?: string; queuedTexts: number };
}

interface ConsolidatorHandle {
  status(): { deadLettered: number; pending: number };
}

/** Where a projection stood at its last look, to tell "behind and moving" from "behind and stuck". */
interface Seen {
  next: number;
  since: number;
}

/**
 * L8 /readyz for one service: the log takes appends, the read store answers, and every projection
 * this service runs or serves reads from is neither stuck (work to do and no progress for
 * stallSeconds) nor rebuilding. The report names each component and why it is not ok.
 */
export class Readiness {
  private readonly projectors = new Map<string, ProjectorHandle>();
  private readonly watched = new Set<string>();
  private searchIndex: SearchIndexHandle | null = null;
  private consolidator: ConsolidatorHandle | null = null;
  private embedder: EmbedderHandle | null = null;
  private readonly seen = new Map<string, Seen>();

  constructor(
    private readonly log: Pick<EventLog, 'head' | 'health'>,
    private readonly db: SqlExecutor,
    private readonly stallMs: number,
  ) {}

  /** A projector running in this process (its own status adds failures and rebuilding). */
  addProjector(h: ProjectorHandle): void {
    this.projectors.set(h.name, h);
    this.watched.add(h.name);
  }

  /** SQL projections this service depends on, wherever they run. */
  watch(names: readonly string[]): void {
    for (const n of names) this.watched.add(n);
  }

  setSearchIndex(h: SearchIndexHandle): void {
    this.searchIndex = h;
  }

  setConsolidator(h: ConsolidatorHandle): void {
    this.consolidator = h;
  }

  /** A local embedding model loading on worker threads: vectors are ready once it has loaded. */
  setEmbedder(h: EmbedderHandle): void {
    this.embedder = h;
  }

  /** Lag and how long it has been stuck, for one projection's position in each partition. */
  private progress(
    name: string,
    positions: Map<number, number>,
    head: Map<number, number>,
    now: number,
  ): { lag: number; stalledMs: number } {
    let lag = 0;
    let stalledMs = 0;
    for (const [partition, end] of head) {
      const next = positions.get(partition) ?? 0;
      const key = `${name}:${partition}`;
      if (next >= end) {
        this.seen.delete(key);
        continue;
      }
      lag += end - next;
      const s = this.seen.get(key);
      if (!s || s.next !== next) this.seen.set(key, { next, since: now });
      else stalledMs = Math.max(stalledMs, now - s.since);
    }
    return { lag, stalledMs };
  }

  private stalled(stalledMs: number): string | null {
    return stalledMs >= this.stallMs ? `no progress for ${Math.round(stalledMs / 1000)} s with events to apply` : null;
  }

  readonly check = async (): Promise<ReadinessReport> => {
    const components: Record<string, ComponentHealth> = {};
    const now = Date.now();
    const logHealth = await this.log.health();
    components.log = logHealth.appendable
      ? { ok: true }
      : {
          ok: false,
          reason: `cannot take appends: ${logHealth.reason ?? 'unknown'}`,
          ...(logHealth.since ? { since: logHealth.since } : {}),
        };
    let head: Map<number, number> | null = null;
    try {
      head = await this.log.head();
    } catch (e) {
      components.log = { ok: false, reason: `cannot read the log head: ${toEngramError(e).message}` };
    }
    let deadLetters: Record<string, number> = {};
    let checkpoints: Array<{ projection: string; partition: number; next_offset: number }> = [];
    try {
      await this.db.query('SELECT 1');
      components.store = { ok: true };
      const counts = await this.db.query<{ projection: string; n: number }>(
        'SELECT projection, count(*)::int AS n FROM dead_letters GROUP BY projection',
      );
      deadLetters = Object.fromEntries(counts.rows.map((r) => [r.projection, Number(r.n)]));
      if (this.watched.size > 0) {
        checkpoints = (
          await this.db.query<{ projection: string; partition: number; next_offset: number }>(
            'SELECT projection, partition, next_offset FROM projection_checkpoints WHERE projection = ANY($1::text[])',
            [[...this.watched]],
          )
        ).rows;
      }
    } catch (e) {
      components.store = { ok: false, reason: `the read store does not answer: ${toEngramError(e).message}` };
    }
    if (head && components.store?.ok) {
      for (const name of this.watched) {
        const positions = new Map(
          checkpoints.filter((c) => c.projection === name).map((c) => [Number(c.partition), Number(c.next_offset)]),
        );
        const { lag, stalledMs } = this.progress(name, positions, head, now);
        const own = this.projectors.get(name)?.status();
        const problems = [
          this.stalled(stalledMs),
          own?.rebuilding ? 'rebuilding from the start of the log' : null,
        ].filter((p): p is string => p !== null);
        if (own?.failingSince && problems.length > 0)
          problems.push(`failing since ${own.failingSince}: ${own.lastError}`);
        components[`projection:${name}`] = {
          ok: problems.length === 0,
          ...(problems.length > 0 ? { reason: problems.join('; ') } : {}),
          lag,
          deadLetters: deadLetters[name] ?? 0,
        };
      }
    }
    if (head && this.searchIndex) {
      const si = this.searchIndex;
      const st = si.status();
      const { lag, stalledMs } = this.progress('search-index', si.lexicalPositions?.() ?? si.positions(), head, now);
      const problems = [
        this.stalled(stalledMs),
        st.rebuilding
          ? `rebuilding (${st.rebuilding === 'full' ? 'the whole log' : 'the tail since its snapshot'})`
          : null,
      ].filter((p): p is string => p !== null);
      if (st.failingSince && problems.length > 0) problems.push(`failing since ${st.failingSince}: ${st.lastError}`);
      components['search-index'] = {
        ok: problems.length === 0,
        ...(problems.length > 0 ? { reason: problems.join('; ') } : {}),
        lag,
        deadLetters: deadLetters['search-index'] ?? 0,
      };
      // The vector half follows the keyword half with its own lag: keyword search answers meanwhile.
      const v = st.vectors;
      if (v && si.lexicalPositions) {
        const own = this.progress('search-index:vectors', si.positions(), head, now);
        const vectorProblems = [
          this.stalled(own.stalledMs),
          v.rebuilding ? 'rebuilding the vectors (keyword search answers meanwhile)' : null,
        ].filter((p): p is string => p !== null);
        if (v.failingSince && vectorProblems.length > 0)
          vectorProblems.push(`failing since ${v.failingSince}: ${v.lastError}`);
        components['search-index:vectors'] = {
          ok: vectorProblems.length === 0,
          ...(vectorProblems.length > 0 ? { reason: vectorProblems.join('; ') } : {}),
          lag: own.lag,
          backlog: v.backlog,
        };
      }
    }
    if (this.embedder) {
      const st = this.embedder.state();
      components.embedder =
        st.state === 'ready'
          ? { ok: true, queuedTexts: st.queuedTexts }
          : {
              ok: false,
              reason:
                st.state === 'failed'
                  ? `the embedding model cannot load: ${st.error ?? 'unknown'} (keyword search answers meanwhile)`
                  : 'the embedding model is loading (keyword search answers meanwhile)',
              queuedTexts: st.queuedTexts,
            };
    }
    if (this.consolidator) {
      const st = this.consolidator.status();
      components.consolidator = { ok: true, pendingTasks: st.pending, deadLetters: deadLetters.consolidator ?? 0 };
    }
    const reasons = Object.entries(components)
      .filter(([, c]) => !c.ok)
      .map(([name, c]) => `${name}: ${c.reason ?? 'not ok'}`);
    return { ready: reasons.length === 0, components, deadLetters, reasons };
  };
}
