import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import { newId } from '@engram/core';
import { scanOrReject, stringLeaves } from '../scanning';
import type { Appended, ObserveMessageInput } from '../types';
import { contentWithin, normalTime } from '../rules';

export async function observeMessage(ctx: AppContext, input: ObserveMessageInput): Promise<Appended> {
  const { scope, sessionId, role } = input;
  const content = contentWithin(input.content, ctx.config.maxContentBytes);
  const messageId = input.messageId ?? null;
  const at = normalTime(input.at);
  const metadata = input.metadata ?? {};
  const correlationId = input.correlationId ?? null;

  await scanOrReject(ctx.log, ctx.clock, ctx.logger, {
    scope,
    sessionId,
    correlationId,
    attempted: 'message',
    fields: { content, ...stringLeaves(metadata, 'metadata') },
  });

  const eventId = newId();
  const event = buildEvent(ctx.clock, 'MessageObserved', { scope, sessionId, correlationId, occurredAt: at, eventId }, {
    messageId: messageId ?? eventId,
    role,
    content,
    metadata,
  });
  const { position } = await appendAll(ctx.log, [event]);
  return { eventId, position };
}
