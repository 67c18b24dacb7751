import { EngramError } from '@engram/core';
import {
  getMemory as readMemory,
  keyHistory as readKeyHistory,
  listContradictions as readContradictions,
  memoryHistory as readMemoryHistory,
  renderWorkingMemory,
} from '@engram/projections';
import { admit } from '../access/operations';
import type { AppContext } from '../context';
import { waitForPosition } from '../position-wait';
import { toContradictionView, toHistoryItem, toMemoryView } from '../read/rows';
import type { CallBase, ContradictionView, HistoryItem, MemoryIdInput, MemoryView, SessionInput } from '../types';
import { invalid, positionOf } from '../rules';

export const DEFAULT_WORKING_BUDGET_CHARS = 4000;

async function waitIfAsked(ctx: AppContext, minPosition: string | undefined): Promise<void> {
  await waitForPosition(ctx, positionOf(minPosition));
}

function notFound(id: string): EngramError {
  return new EngramError('NOT_FOUND', `memory ${id} not found`, { details: { memoryId: id } });
}

export async function getMemory(ctx: AppContext, input: MemoryIdInput): Promise<MemoryView> {
  const { scope } = admit(ctx, input, 'getMemory');
  const id = input.memoryId.toLowerCase();
  await waitIfAsked(ctx, input.minPosition);
  const m = await readMemory(ctx.db, scope, id);
  if (!m) throw notFound(id);
  return toMemoryView(m, ctx.clock.now(), ctx.config.decay);
}

/** The entry's version lattice; 404 unless the entry (or its history) is the caller's. */
export async function memoryHistory(ctx: AppContext, input: MemoryIdInput): Promise<HistoryItem[]> {
  const { scope } = admit(ctx, input, 'memoryHistory');
  const id = input.memoryId.toLowerCase();
  await waitIfAsked(ctx, input.minPosition);
  const items = await readMemoryHistory(ctx.db, scope, id);
  // A forgotten entry keeps its audit rows; an id the caller never had has none in its scope.
  if (items.length === 0 && !(await readMemory(ctx.db, scope, id))) throw notFound(id);
  return items.map(toHistoryItem);
}

export async function keyHistory(
  ctx: AppContext,
  input: CallBase & { key: string; minPosition?: string },
): Promise<HistoryItem[]> {
  const { scope } = admit(ctx, input, 'keyHistory');
  const { key } = input;
  if (!key) throw invalid('key', 'is required');
  await waitIfAsked(ctx, input.minPosition);
  return (await readKeyHistory(ctx.db, scope, key)).map(toHistoryItem);
}

export async function workingMemory(
  ctx: AppContext,
  input: SessionInput & { budgetChars?: number; minPosition?: string },
): Promise<string> {
  const { scope } = admit(ctx, input, 'workingMemory');
  const { sessionId } = input;
  const budget = input.budgetChars ?? DEFAULT_WORKING_BUDGET_CHARS;
  if (!Number.isInteger(budget) || budget < 200 || budget > 100_000)
    throw invalid('budgetChars', 'must be an integer from 200 to 100000');
  await waitIfAsked(ctx, input.minPosition);
  return renderWorkingMemory(ctx.db, scope, sessionId, budget);
}

export async function listContradictions(
  ctx: AppContext,
  input: CallBase & { status?: 'open' | 'all'; minPosition?: string },
): Promise<ContradictionView[]> {
  const { scope } = admit(ctx, input, 'listContradictions');
  const status = input.status ?? 'open';
  await waitIfAsked(ctx, input.minPosition);
  return (await readContradictions(ctx.db, scope, { unresolvedOnly: status === 'open', limit: 1000 })).map(
    toContradictionView,
  );
}
