import type { Scope, SqlExecutor } from '@engram/core';
import { rowsOf } from './candidates';
import { STALE_VALUE_ROWS_SQL, staleValuesFromRows, type StaleValue } from './currency';
import { NAME_KEYS, USER_NAME_ROWS_SQL, namesFromRows, type UserNames } from './user-names';

/** What a search needs of the user before its hits: their names and, unless it asks about the past, replaced values. */
export interface UserState {
  names: UserNames;
  /** Null when not asked for. */
  stale: StaleValue[] | null;
}

/**
 * One statement for both per-user reads (each statement has a fixed cost that, at a thousand
 * memories, is most of a search's SQL time): the user's names and replaced values, each one
 * json_agg column.
 */
const USER_STATE_SQL = `SELECT (${USER_NAME_ROWS_SQL})::text AS names,
  CASE WHEN $4::boolean THEN (${STALE_VALUE_ROWS_SQL})::text END AS stale`;

export async function userState(db: SqlExecutor, scope: Scope, opts: { stale: boolean }): Promise<UserState> {
  const r = await db.query<{ names: unknown; stale: unknown }>(USER_STATE_SQL, [
    scope.tenantId,
    scope.userId,
    NAME_KEYS,
    opts.stale,
  ]);
  const row = r.rows[0];
  return {
    names: namesFromRows(rowsOf(row?.names)),
    stale: opts.stale ? staleValuesFromRows(rowsOf(row?.stale)) : null,
  };
}
