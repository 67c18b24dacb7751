import {
  deterministicId,
  quarantinePayload,
  rejectionPayload,
  screenFields,
  type ContentScreen,
  type EngramEvent,
  type Logger,
} from '@engram/core';
import { buildEvent, type EventOrigin } from './events';

export interface DerivedScreenContext {
  /** The same screen (rules, optional classifier, policy) as the API's writes. */
  screen: ContentScreen;
  origin: EventOrigin;
  /** The cause every derived id comes from (SessionEnded / MemoryWritten event id). */
  causeId: string;
  recordedAt: string;
  logger: Logger;
}

export type DerivedWrite = 'fact' | 'episode' | 'skill';

/**
 * P2 for a write the consolidator derives, under the configured policy. Null: write `held` as
 * planned (clean, or flagged under `allow`). Otherwise the event that takes its place: WriteRejected
 * (`block`) or ContentQuarantined holding `held` whole for an operator (`quarantine`). Ids derive
 * from the cause, so a retried or replayed task plans the same events.
 */
export async function screenDerived(
  ctx: DerivedScreenContext,
  attempted: DerivedWrite,
  discriminator: string,
  fields: Readonly<Record<string, string | readonly string[] | null>>,
  content: string,
  held: EngramEvent,
): Promise<EngramEvent | null> {
  const decision = await ctx.screen.screen(screenFields(fields));
  const times = { occurredAt: held.occurredAt, recordedAt: ctx.recordedAt };
  if (decision.action === 'accept') {
    if (decision.flagged)
      ctx.logger.warn(
        { attempted, causeId: ctx.causeId, code: decision.flagged.code, reason: decision.flagged.reason },
        'scanner flagged a derived write; written under policy allow',
      );
    return null;
  }
  if (decision.action === 'quarantine') {
    const quarantineId = deterministicId(ctx.causeId, 'quarantine', attempted, discriminator);
    ctx.logger.warn(
      { attempted, causeId: ctx.causeId, code: decision.verdict.code, quarantineId },
      'derived write quarantined by the content scanner',
    );
    return buildEvent(
      'ContentQuarantined',
      ctx.origin,
      deterministicId(ctx.causeId, 'ContentQuarantined', attempted, discriminator),
      quarantinePayload(decision, attempted, quarantineId, held),
      times,
    );
  }
  return buildEvent(
    'WriteRejected',
    ctx.origin,
    deterministicId(ctx.causeId, 'WriteRejected', attempted, discriminator),
    rejectionPayload(decision, attempted, content, 'consolidator: '),
    times,
  );
}
