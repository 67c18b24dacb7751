import * as grpc from '@grpc/grpc-js';
import { EngramError, isEngramError, type Logger } from '@engram/core';
import type { AccessControl, MemoryApp } from '@engram/app';
import { buildHandlers, callContext, credentialsOf } from './handlers';
import { loadEngramProto } from './proto';
import { toServiceError } from './status';

export interface GrpcServerOptions {
  app: MemoryApp;
  /** P5: every call's key is checked (UNAUTHENTICATED) and its rate-limit bucket charged, as on HTTP. */
  access: AccessControl;
  host: string;
  /** 0 picks a free port. */
  port: number;
  logger: Logger;
  /** Largest accepted request message; larger ones fail with RESOURCE_EXHAUSTED. Default 64 KB. */
  maxReceiveMessageBytes?: number;
}

export interface RunningGrpcServer {
  port: number;
  close(): Promise<void>;
}

/** The gRPC API (service engram.v1.Engram) over the same app handlers as HTTP. */
export async function startGrpcServer(opts: GrpcServerOptions): Promise<RunningGrpcServer> {
  const { service } = loadEngramProto();
  const server = new grpc.Server({ 'grpc.max_receive_message_length': opts.maxReceiveMessageBytes ?? 64 * 1024 });
  const handlers = buildHandlers(opts.app);
  const impl: grpc.UntypedServiceImplementation = {};
  for (const [name, handle] of Object.entries(handlers)) {
    impl[name] = (
      call: grpc.ServerUnaryCall<Record<string, unknown>, unknown>,
      callback: grpc.sendUnaryData<unknown>,
    ) => {
      Promise.resolve()
        .then(() => opts.access.admit(credentialsOf(call.metadata)))
        .then((principal) => handle(callContext(call.metadata, principal), call.request ?? {}))
        .then(
          (res) => callback(null, res),
          (e: unknown) => {
            if (!isEngramError(e)) opts.logger.error({ err: e, rpc: name }, 'gRPC call failed');
            let mapped: ReturnType<typeof toServiceError>;
            try {
              mapped = toServiceError(
                isEngramError(e) ? e : new EngramError('INTERNAL', 'internal error', { cause: e }),
              );
            } catch (mapErr) {
              opts.logger.error({ err: mapErr, rpc: name }, 'could not map a gRPC error');
              mapped = { code: grpc.status.INTERNAL, details: 'INTERNAL: internal error' };
            }
            callback(mapped);
          },
        );
    };
  }
  server.addService(service, impl);
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
        const force = setTimeout(() => server.forceShutdown(), 5000);
        force.unref();
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}
