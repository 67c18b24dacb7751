import { streamKeyOf, type EngramEvent } from '@engram/core';
import { indexOpFor, type IndexOp } from './index-ops';

/** A remembered turn is cut to this many characters (a window needs its words, not a whole essay). */
const MAX_TURN_CHARS = 2000;
const DEFAULT_MAX_SESSIONS = 20_000;
/** Turns remembered per session: the window keyword index looks this far back (doc-text.ts). */
export const WINDOW_TURNS = 2;

export type TurnWindowsJson = Array<[session: string, lastTurns: string[]]>;

/**
 * The last turns of every open session, oldest first, so each message is indexed with the turns
 * before it (`indexOpFor(e, previousTurns)`). Fed the log in order, it gives the same texts on every replay;
 * its state is saved with the search-index checkpoint. Ended sessions are dropped, and so is a
 * forgotten user's state, so erased words do not linger here.
 */
export class TurnWindows {
  private readonly last = new Map<string, readonly string[]>();
  /** Values before the uncommitted changes (undefined: absent), so a failed batch can be undone. */
  private readonly undo = new Map<string, readonly string[] | undefined>();
  private inBatch = false;

  constructor(private readonly maxSessions = DEFAULT_MAX_SESSIONS) {}

  /** The index operation for the next event of the log, with the conversation window applied. */
  opFor(e: EngramEvent): IndexOp {
    switch (e.type) {
      case 'MessageObserved': {
        const session = sessionOf(e);
        const before = this.last.get(session) ?? [];
        const op = indexOpFor(e, before);
        if (e.payload.content.trim()) {
          // Re-inserting keeps the map in least-recently-used order for eviction.
          this.remember(session);
          this.last.delete(session);
          this.last.set(session, [...before, e.payload.content.slice(0, MAX_TURN_CHARS)].slice(-WINDOW_TURNS));
          if (this.last.size > this.maxSessions) {
            const oldest = this.last.keys().next().value!;
            this.remember(oldest);
            this.last.delete(oldest);
          }
        }
        return op;
      }
      case 'SessionEnded':
        this.remember(sessionOf(e));
        this.last.delete(sessionOf(e));
        return indexOpFor(e);
      case 'MemoryForgotten':
        if (e.payload.target === 'user') {
          const prefix = `${streamKeyOf(e)}\u0000`;
          for (const k of [...this.last.keys()]) {
            if (!k.startsWith(prefix)) continue;
            this.remember(k);
            this.last.delete(k);
          }
        }
        return indexOpFor(e);
      default:
        return indexOpFor(e);
    }
  }

  /** Starts recording changes so that `rollback` can undo them (until `commit`). */
  begin(): void {
    this.undo.clear();
    this.inBatch = true;
  }

  /** Keeps the changes made since `begin` (the batch they came from was applied). */
  commit(): void {
    this.undo.clear();
    this.inBatch = false;
  }

  /** Undoes the changes since `begin` (their batch failed and will be redelivered). */
  rollback(): void {
    for (const [k, v] of this.undo) {
      if (v === undefined) this.last.delete(k);
      else this.last.set(k, v);
    }
    this.undo.clear();
    this.inBatch = false;
  }

  private remember(k: string): void {
    if (this.inBatch && !this.undo.has(k)) this.undo.set(k, this.last.get(k));
  }

  get size(): number {
    return this.last.size;
  }

  toJSON(): TurnWindowsJson {
    return [...this.last].map(([k, v]) => [k, [...v]]);
  }

  static fromJSON(json: TurnWindowsJson | undefined, maxSessions?: number): TurnWindows {
    const w = new TurnWindows(maxSessions);
    for (const [k, v] of json ?? []) {
      if (typeof k !== 'string') continue;
      // A single string is the one-turn form written before windows looked two turns back.
      const turns =
        typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((t): t is string => typeof t === 'string') : [];
      if (turns.length > 0) w.last.set(k, turns.slice(-WINDOW_TURNS));
    }
    return w;
  }
}

const sessionOf = (e: EngramEvent) => `${streamKeyOf(e)}\u0000${e.sessionId ?? ''}`;
