import * as grpc from '@grpc/grpc-js';
import { ReflectionService } from '@grpc/reflection';
import * as protoLoader from '@grpc/proto-loader';
import { HealthImplementation, protoPath as healthProtoPath, type ServingStatusMap } from 'grpc-health-check';
import {
  EngramError,
  isEngramError,
  noopTelemetry,
  type Logger,
  type ReadinessCheck,
  type Telemetry,
} from '@engram/core';
import type { AccessControl, KeyAdmin, MemoryApp } from '@engram/app';
import type { WebhookAdmin } from '@engram/webhooks';
import { buildHandlers, callContext, credentialsOf } from './handlers';
import { callSpan } from './call-span';
import { moreHandlers, streamHandlers } from './handlers-more';
import { inspectorHandlers } from './handlers-inspector';
import { operatorHandlers } from './handlers-operator';
import { ENGRAM_SERVICE_NAME, loadEngramProto } from './proto';
import { toServiceError } from './status';

export interface GrpcServerOptions {
  app: MemoryApp;
  /** P5: every call's key is checked (UNAUTHENTICATED) and its rate-limit bucket charged, as on HTTP. */
  access: AccessControl;
  /** Key management calls (CreateApiKey, ...); absent, they answer UNIMPLEMENTED (as HTTP serves no such route). */
  keys?: KeyAdmin;
  /** Webhook management calls (CreateWebhook, ...); absent, they answer UNIMPLEMENTED. */
  webhooks?: WebhookAdmin;
  host: string;
  /** 0 picks a free port. */
  port: number;
  logger: Logger;
  /** Largest accepted request message; larger ones fail with RESOURCE_EXHAUSTED. Default 64 KB. */
  maxReceiveMessageBytes?: number;
  /** What grpc.health.v1.Health answers (as /readyz); absent: SERVING while the server runs. */
  readiness?: ReadinessCheck;
  /** How often the health status is refreshed from readiness (default 5 s). */
  healthEveryMs?: number;
  /** A server span per call (issue 19); default none. */
  telemetry?: Telemetry;
}

export interface RunningGrpcServer {
  port: number;
  close(): Promise<void>;
}

function mapped(e: unknown, logger: Logger, rpc: string): Partial<grpc.ServiceError> & { code: grpc.status } {
  if (!isEngramError(e)) logger.error({ err: e, rpc }, 'gRPC call failed');
  try {
    return toServiceError(isEngramError(e) ? e : new EngramError('INTERNAL', 'internal error', { cause: e }));
  } catch (mapErr) {
    logger.error({ err: mapErr, rpc }, 'could not map a gRPC error');
    return { code: grpc.status.INTERNAL, details: 'INTERNAL: internal error' };
  }
}

/**
 * The gRPC API (service engram.v1.Engram) over the same app handlers as HTTP, with server reflection
 * and the standard health service (both unauthenticated, like /openapi.json and /readyz).
 */
export async function startGrpcServer(opts: GrpcServerOptions): Promise<RunningGrpcServer> {
  const { service, definition } = loadEngramProto();
  const server = new grpc.Server({ 'grpc.max_receive_message_length': opts.maxReceiveMessageBytes ?? 64 * 1024 });
  const impl: grpc.UntypedServiceImplementation = {};
  const tracer = (opts.telemetry ?? noopTelemetry).tracer;
  const admitted = (metadata: grpc.Metadata) =>
    opts.access.admit(credentialsOf(metadata)).then((principal) => callContext(metadata, principal));
  const unary = {
    ...buildHandlers(opts.app),
    ...moreHandlers(opts.app),
    ...inspectorHandlers(opts.app),
    ...operatorHandlers(opts.app, { keys: opts.keys, webhooks: opts.webhooks }),
  };
  for (const [name, handle] of Object.entries(unary)) {
    impl[name] = (
      call: grpc.ServerUnaryCall<Record<string, unknown>, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      const span = callSpan(tracer, name, call.metadata);
      span
        .run(() => admitted(call.metadata).then((ctx) => handle(ctx, call.request ?? {})))
        .then(
          (res) => {
            span.end();
            callback(null, res);
          },
          (e: unknown) => {
            span.fail(e);
            span.end();
            callback(mapped(e, opts.logger, name));
          },
        );
    };
  }
  for (const [name, handle] of Object.entries(streamHandlers(opts.app))) {
    impl[name] = (call: grpc.ServerWritableStream<Record<string, unknown>, unknown>) => {
      let cancelled = false;
      const gone = new AbortController();
      call.on('cancelled', () => {
        cancelled = true;
        gone.abort();
      });
      (async () => {
        const messages = await handle(await admitted(call.metadata), call.request ?? {}, gone.signal);
        for await (const m of messages) {
          if (cancelled) return;
          // Backpressure: wait until the client has taken what was written.
          if (!call.write(m)) await new Promise<void>((resolve) => call.once('drain', () => resolve()));
        }
        call.end();
      })().catch((e: unknown) => {
        if (!cancelled) call.emit('error', mapped(e, opts.logger, name));
      });
    };
  }
  server.addService(service, impl);
  // Reflection describes the Engram service and the health service (what grpcurl and the like list).
  new ReflectionService({ ...definition, ...protoLoader.loadSync(healthProtoPath) }).addToServer(server);
  const health = new HealthImplementation({
    '': 'SERVING',
    [ENGRAM_SERVICE_NAME]: 'SERVING',
  } satisfies ServingStatusMap);
  health.addToServer(server);
  let healthTimer: NodeJS.Timeout | null = null;
  if (opts.readiness) {
    const readiness = opts.readiness;
    const refresh = () => {
      readiness().then(
        (r) => {
          const status = r.ready ? 'SERVING' : 'NOT_SERVING';
          health.setStatus('', status);
          health.setStatus(ENGRAM_SERVICE_NAME, status);
        },
        (err: unknown) => {
          opts.logger.warn({ err }, 'readiness check failed; gRPC health NOT_SERVING');
          health.setStatus('', 'NOT_SERVING');
          health.setStatus(ENGRAM_SERVICE_NAME, 'NOT_SERVING');
        },
      );
    };
    refresh();
    healthTimer = setInterval(refresh, opts.healthEveryMs ?? 5000);
    healthTimer.unref();
  }
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${opts.host}:${opts.port}`, grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    );
  });
  opts.logger.info({ host: opts.host, port }, 'gRPC server listening');
  let closed = false;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if (closed) return resolve();
        closed = true;
        if (healthTimer) clearInterval(healthTimer);
        const force = setTimeout(() => server.forceShutdown(), 5000);
        force.unref();
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}
