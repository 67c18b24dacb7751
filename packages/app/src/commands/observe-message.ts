import { ROLES } from '@engram/core';
import type { Role } from '@engram/core';
import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import { newId } from '@engram/core';
import { scanOrReject, stringLeaves } from '../scanning';
import type { Appended, ObserveMessageInput } from '../types';
import {
  MAX_MESSAGE_ID_CHARS,
  optionalCorrelation,
  optionalMetadata,
  optionalText,
  optionalTime,
  requireContent,
  requireEnum,
  requireId,
  requireScope,
} from '../validation';

export async function observeMessage(ctx: AppContext, input: ObserveMessageInput): Promise<Appended> {
  const scope = requireScope(input.scope);
  const sessionId = requireId(input.sessionId, 'sessionId');
  const role: Role = requireEnum(input.role, ROLES, 'role');
  const content = requireContent(input.content, 'content', ctx.config.maxContentBytes);
  const messageId = optionalText(input.messageId, 'messageId', MAX_MESSAGE_ID_CHARS);
  const at = optionalTime(input.at, 'at');
  const metadata = optionalMetadata(input.metadata);
  const correlationId = optionalCorrelation(input.correlationId);

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
