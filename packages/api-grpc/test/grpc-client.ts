import * as grpc from '@grpc/grpc-js';
import { loadEngramProto } from '../src/index';

export interface RpcError {
  code: grpc.status;
  engramCode: string | undefined;
  retriable: string | undefined;
  details: Record<string, unknown> | undefined;
}

export interface EngramClient {
  call(method: string, request: Record<string, unknown>, tenant?: string): Promise<any>;
  fail(method: string, request: Record<string, unknown>, tenant?: string): Promise<RpcError>;
  close(): void;
}

/** A real grpc-js client of engram.v1.Engram over loopback. */
export function connect(port: number): EngramClient {
  const { Client } = loadEngramProto();
  const client = new Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure()) as grpc.Client &
    Record<string, Function>;
  const call = (method: string, request: Record<string, unknown>, tenant?: string) =>
    new Promise<any>((resolve, reject) => {
      const md = new grpc.Metadata();
      if (tenant !== undefined) md.set('x-tenant-id', tenant);
      client[method]!.call(client, request, md, (err: grpc.ServiceError | null, res: unknown) =>
        err ? reject(err) : resolve(res),
      );
    });
  return {
    call,
    async fail(method, request, tenant) {
      try {
        await call(method, request, tenant);
      } catch (e) {
        const err = e as grpc.ServiceError;
        const details = err.metadata?.get('engram-error-details-bin')[0];
        return {
          code: err.code,
          engramCode: err.metadata?.get('engram-error-code')[0]?.toString(),
          retriable: err.metadata?.get('engram-retriable')[0]?.toString(),
          details: details === undefined ? undefined : JSON.parse(details.toString()),
        };
      }
      throw new Error(`${method} was expected to fail`);
    },
    close: () => client.close(),
  };
}
