import type { Scope } from '@engram/core';
import { rowsOf } from './json-rows';
import { STALE_VALUE_ROWS_SQL, staleValuesFromRows, type StaleValue } from './currency';
import { USER_NAME_ROWS_SQL, namesFromRows, type UserNames } from './user-names';

/** What a search needs of the user before its hits: their names and their replaced values. */
export interface UserState {
  names: UserNames;
  stale: StaleValue[];
}

/** A user's state as read, with the text it was parsed from (to tell whether a later read changed). */
export interface HeldUserState {
  text: string;
  state: UserState;
}

/**
 * The user's names and replaced values, each one json_agg text column ($1 tenant, $2 user), read by
 * the hydrate statement (candidates.ts): with no ids before a user's first search, then with every search's hits.
 */
export const USER_STATE_COLUMNS = `(${USER_NAME_ROWS_SQL})::text AS user_names, (${STALE_VALUE_ROWS_SQL})::text AS user_stale`;

export interface UserStateColumns {
  user_names: unknown;
  user_stale: unknown;
}

const scopeKey = (scope: Scope) => `${scope.tenantId}\u0000${scope.userId}`;

/**
 * Each user's state as the last search read it. A search starts from the state held here and reads
 * the current one in its hydrate statement; only when that differs does it run again with the
 * current one. So a search costs one statement instead of two (each has a fixed cost — a thread hop
 * on PGlite — that at a thousand memories is much of a search's SQL time), and answers as if it had
 * read the state first. Least recently searched users go first when full.
 */
export class UserStates {
  private readonly users = new Map<string, HeldUserState>();

  constructor(private readonly max: number) {}

  held(scope: Scope): HeldUserState | undefined {
    const key = scopeKey(scope);
    const held = this.users.get(key);
    if (held) {
      this.users.delete(key);
      this.users.set(key, held);
    }
    return held;
  }

  /** The state in these columns, parsed again only when their text differs from the state held. */
  fromColumns(scope: Scope, cols: UserStateColumns | undefined): HeldUserState {
    const names = typeof cols?.user_names === 'string' ? cols.user_names : '';
    const stale = typeof cols?.user_stale === 'string' ? cols.user_stale : '';
    const text = `${names}\u0000${stale}`;
    const key = scopeKey(scope);
    const held = this.users.get(key);
    if (held?.text === text) return held;
    const read = {
      text,
      state: { names: namesFromRows(rowsOf(cols?.user_names)), stale: staleValuesFromRows(rowsOf(cols?.user_stale)) },
    };
    this.users.delete(key);
    this.users.set(key, read);
    if (this.users.size > this.max) this.users.delete(this.users.keys().next().value!);
    return read;
  }
}
