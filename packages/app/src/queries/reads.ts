import { EngramError } from '@engram/core';
import type { AppContext } from '../context';
import { waitForPosition } from '../position-wait';
import { selectContradictions, selectKeyHistory, selectMemory, selectMemoryHistory } from '../read/queries';
import { toMemoryView } from '../read/rows';
import { DEFAULT_WORKING_BUDGET_CHARS, loadWorkingMarkdown } from '../read/working-memory';
import type { CallBase, ContradictionView, HistoryItem, MemoryIdInput, MemoryView, SessionInput } from '../types';
import { MAX_KEY_CHARS, invalid, optionalInt, optionalPosition, optionalText, requireEnum, requireId, requireScope, requireUuid } from '../validation';

async function waitIfAsked(ctx: AppContext, minPosition: unknown): Promise<void> {
  await waitForPosition(ctx.progress, optionalPosition(minPosition), ctx.config.minPositionWaitMs);
}

export async function getMemory(ctx: AppContext, input: MemoryIdInput): Promise<MemoryView> {
  const scope = requireScope(input.scope);
  const id = requireUuid(input.memoryId, 'memoryId');
  await waitIfAsked(ctx, input.minPosition);
  const row = await selectMemory(ctx.db, scope, id);
  if (!row) throw new EngramError('NOT_FOUND', `memory ${id} not found`, { details: { memoryId: id } });
  return toMemoryView(row, ctx.clock.now());
}

export async function memoryHistory(ctx: AppContext, input: MemoryIdInput): Promise<HistoryItem[]> {
  const scope = requireScope(input.scope);
  const id = requireUuid(input.memoryId, 'memoryId');
  await waitIfAsked(ctx, input.minPosition);
  const items = await selectMemoryHistory(ctx.db, scope, id);
  if (items.length === 0 && !(await selectMemory(ctx.db, scope, id))) {
    throw new EngramError('NOT_FOUND', `memory ${id} not found`, { details: { memoryId: id } });
  }
  return items;
}

export async function keyHistory(ctx: AppContext, input: CallBase & { key: string; minPosition?: string }): Promise<HistoryItem[]> {
  const scope = requireScope(input.scope);
  const key = optionalText(input.key, 'key', MAX_KEY_CHARS);
  if (!key) throw invalid('key', 'is required');
  await waitIfAsked(ctx, input.minPosition);
  return selectKeyHistory(ctx.db, scope, key);
}

export async function workingMemory(ctx: AppContext, input: SessionInput & { budgetChars?: number; minPosition?: string }): Promise<string> {
  const scope = requireScope(input.scope);
  const sessionId = requireId(input.sessionId, 'sessionId');
  const budget = optionalInt(input.budgetChars, 'budgetChars', 200, 100_000, DEFAULT_WORKING_BUDGET_CHARS);
  await waitIfAsked(ctx, input.minPosition);
  return loadWorkingMarkdown(ctx.db, scope, sessionId, budget);
}

export async function listContradictions(
  ctx: AppContext,
  input: CallBase & { status?: 'open' | 'all'; minPosition?: string },
): Promise<ContradictionView[]> {
  const scope = requireScope(input.scope);
  const status = input.status == null ? 'open' : requireEnum(input.status, ['open', 'all'] as const, 'status');
  await waitIfAsked(ctx, input.minPosition);
  return selectContradictions(ctx.db, scope, status);
}
