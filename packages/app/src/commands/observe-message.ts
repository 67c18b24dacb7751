import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import { newId, stringLeaves } from '@engram/core';
import { screenWrite } from '../scanning';
import type { Appended, MaybeQuarantined, ObserveMessageInput } from '../types';
import { contentWithin, normalTime } from '../rules';
import { admit } from '../access/operations';

export async function observeMessage(
  ctx: AppContext,
  input: ObserveMessageInput,
): Promise<Appended & MaybeQuarantined> {
  const { scope, keyId } = admit(ctx, input, 'observeMessage');
  const { sessionId, role } = input;
  const content = contentWithin(input.content, ctx.config.maxContentBytes);
  const messageId = input.messageId ?? null;
  const at = normalTime(input.at);
  const metadata = input.metadata ?? {};
  const correlationId = input.correlationId ?? null;

  const screened = await screenWrite(ctx, {
    scope,
    sessionId,
    correlationId,
    keyId,
    attempted: 'message',
    fields: { content, ...stringLeaves(metadata, 'metadata') },
  });

  await ctx.quota?.admit(scope);
  const eventId = newId();
  const event = buildEvent(
    ctx.clock,
    'MessageObserved',
    { scope, sessionId, correlationId, keyId, occurredAt: at, eventId },
    {
      messageId: messageId ?? eventId,
      role,
      content,
      metadata,
    },
  );
  if (screened.held) {
    const q = await screened.hold(event);
    return { eventId: q.eventId, position: q.position, quarantineId: q.quarantineId };
  }
  const { position } = await appendAll(ctx.log, [event]);
  return { eventId, position };
}
