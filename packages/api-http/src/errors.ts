import { EngramError, isEngramError, type Logger } from '@engram/core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

function send(reply: FastifyReply, status: number, e: EngramError): FastifyReply {
  if (
    e.code === 'PROJECTION_LAGGING' ||
    e.code === 'SHUTTING_DOWN' ||
    e.code === 'RATE_LIMITED' ||
    (e.retriable && status === 503)
  ) {
    const after = Number(e.details?.retryAfterSeconds ?? 1);
    reply.header('retry-after', String(Math.max(1, Math.ceil(after))));
  }
  if (e.code === 'UNAUTHENTICATED') reply.header('www-authenticate', 'Bearer realm="engram"');
  return reply.code(status).type('application/json; charset=utf-8').send({ error: e.toJSON() });
}

/** Maps anything thrown to `{ error: { code, message, retriable, details? } }` with a stable code. */
export function errorHandler(logger: Logger) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    // Request validation (the contract's checks) arrives here as an EngramError too.
    if (isEngramError(err)) return send(reply, err.httpStatus, err);
    switch (err.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(
          reply,
          413,
          new EngramError('CONTENT_TOO_LARGE', 'request body exceeds the limit', { details: { field: 'body' } }),
        );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(
          reply,
          415,
          new EngramError('VALIDATION_FAILED', 'content-type must be application/json', {
            details: { field: 'content-type' },
          }),
        );
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return send(
          reply,
          400,
          new EngramError('VALIDATION_FAILED', 'the JSON body is empty', { details: { field: 'body' } }),
        );
      default:
        break;
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad encodings and the like: the client's fault, never a bare 500.
      return send(
        reply,
        status,
        new EngramError('VALIDATION_FAILED', err.message, { details: { field: 'body', cause: err.code ?? null } }),
      );
    }
    logger.error({ err, method: req.method, url: req.url }, 'request failed');
    return send(reply, 500, new EngramError('INTERNAL', 'internal error'));
  };
}
