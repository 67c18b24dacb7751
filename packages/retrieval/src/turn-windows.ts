import { streamKeyOf, type EngramEvent } from '@engram/core';
import { indexOpFor, type IndexOp } from './index-ops';

/** A remembered turn is cut to this many characters (a window needs its words, not a whole essay). */
const MAX_TURN_CHARS = 2000;
const DEFAULT_MAX_SESSIONS = 20_000;

export type TurnWindowsJson = Array<[session: string, lastTurn: string]>;

/**
 * The last turn of every open session, so each message is indexed with the turn before it
 * (`indexOpFor(e, previousTurn)`). Fed the log in order, it gives the same texts on every replay;
 * its state is saved with the search-index checkpoint. Ended sessions are dropped, and so is a
 * forgotten user's state, so erased words do not linger here.
 */
export class TurnWindows {
  private readonly last = new Map<string, string>();
  /** Values before the uncommitted changes (undefined: absent), so a failed batch can be undone. */
  private readonly undo = new Map<string, string | undefined>();
  private inBatch = false;

  constructor(private readonly maxSessions = DEFAULT_MAX_SESSIONS) {}

  /** The index operation for the next event of the log, with the conversation window applied. */
  opFor(e: EngramEvent): IndexOp {
    switch (e.type) {
      case 'MessageObserved': {
        const session = sessionOf(e);
        const op = indexOpFor(e, this.last.get(session) ?? '');
        if (e.payload.content.trim()) {
          // Re-inserting keeps the map in least-recently-used order for eviction.
          this.remember(session);
          this.last.delete(session);
          this.last.set(session, e.payload.content.slice(0, MAX_TURN_CHARS));
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
    return [...this.last];
  }

  static fromJSON(json: TurnWindowsJson | undefined, maxSessions?: number): TurnWindows {
    const w = new TurnWindows(maxSessions);
    for (const [k, v] of json ?? []) if (typeof k === 'string' && typeof v === 'string') w.last.set(k, v);
    return w;
  }
}

const sessionOf = (e: EngramEvent) => `${streamKeyOf(e)}\u0000${e.sessionId ?? ''}`;
