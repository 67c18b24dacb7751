import {
  DEFAULT_DECAY,
  EngramError,
  belowThresholdAt,
  effectiveImportance,
  halfLifeDays,
  isDecayExempt,
  type DecayInput,
} from '@engram/core';
import { getMemory as readMemory } from '@engram/projections';
import { admit } from '../access/operations';
import type { AppContext } from '../context';
import { waitForPosition } from '../position-wait';
import { invalid, positionOf } from '../rules';
import type { DecayCurve, DecayCurveInput } from '../types';

const DAY_MS = 86_400_000;
export const DEFAULT_DECAY_POINTS = 120;
const MAX_DEFAULT_HORIZON_DAYS = 365;

/**
 * An entry's forgetting curve (D1) as the service computes it: core's effectiveImportance sampled from
 * the entry's last touch to a horizon past now, with the deployment's half-life and archive threshold.
 * The future part assumes no further access (each access restarts the curve and lengthens its half-life).
 */
export async function decayCurve(ctx: AppContext, input: DecayCurveInput): Promise<DecayCurve> {
  const { scope } = admit(ctx, input, 'decayCurve');
  const samples = input.points ?? DEFAULT_DECAY_POINTS;
  if (!Number.isInteger(samples) || samples < 2 || samples > 500)
    throw invalid('points', 'must be an integer from 2 to 500');
  if (input.days !== undefined && (!Number.isInteger(input.days) || input.days < 1 || input.days > 3650))
    throw invalid('days', 'must be an integer from 1 to 3650');
  const id = input.memoryId.toLowerCase();
  await waitForPosition(ctx, positionOf(input.minPosition));
  const m = await readMemory(ctx.db, scope, id);
  if (!m) throw new EngramError('NOT_FOUND', `memory ${id} not found`, { details: { memoryId: id } });
  const cfg = ctx.config.decay ?? DEFAULT_DECAY;
  const entry: DecayInput = {
    importance: m.importance,
    type: m.type,
    pinned: m.pinned,
    accessCount: m.accessCount,
    lastTouched: m.lastAccessed ?? m.createdAt,
  };
  const now = ctx.clock.now();
  const start = Date.parse(entry.lastTouched);
  const exempt = isDecayExempt(entry);
  const halfLife = halfLifeDays(entry.accessCount, cfg);
  const crossing = belowThresholdAt(entry, cfg.archiveThreshold, cfg)?.getTime() ?? null;
  const horizon =
    input.days !== undefined
      ? now.getTime() + input.days * DAY_MS
      : Math.min(
          now.getTime() + MAX_DEFAULT_HORIZON_DAYS * DAY_MS,
          Math.max(now.getTime() + DAY_MS, (crossing ?? now.getTime()) + 0.25 * (halfLife * DAY_MS)),
        );
  const end = Math.max(horizon, start + DAY_MS);
  const points = Array.from({ length: samples }, (_, i) => {
    const at = new Date(start + ((end - start) * i) / (samples - 1));
    return { at: at.toISOString(), effectiveImportance: effectiveImportance(entry, at, cfg) };
  });
  return {
    memoryId: m.id,
    exempt,
    importance: entry.importance,
    accessCount: entry.accessCount,
    lastTouched: new Date(start).toISOString(),
    halfLifeDays: halfLife,
    importanceDecayDays: cfg.importanceDecayDays,
    archiveThreshold: cfg.archiveThreshold,
    now: now.toISOString(),
    effectiveImportanceNow: effectiveImportance(entry, now, cfg),
    crossesThresholdAt: crossing === null ? null : new Date(crossing).toISOString(),
    points,
  };
}
