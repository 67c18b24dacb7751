/**
 * The real stack with auth required, in one process: file log, PGlite read models and key store,
 * the projectors, the hybrid retriever on local indexes, and the real HTTP and gRPC servers on
 * loopback. Requests carry keys the way clients send them.
 */
import type { AddressInfo } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { hashApiKey, systemClock, type Clock, type KeyStore } from '@engram/core';
import {
  createAccessControl,
  createKeyAdmin,
  type CreatedKey,
  type KeyAdmin,
  type MemoryAppLimits,
  type RateLimit,
} from '@engram/app';
import { buildHttpServer } from '@engram/api-http';
import { loadEngramProto, startGrpcServer, type RunningGrpcServer } from '@engram/api-grpc';
import { runMigrations } from '@engram/projections';
import { KEY_STORE_MIGRATIONS_DIR, KEY_STORE_MIGRATIONS_NAMESPACE, openSqlKeyStore } from '@engram/key-store-sql';
import { createWebhookAdmin, WEBHOOK_MIGRATIONS_DIR, WEBHOOK_MIGRATIONS_NAMESPACE } from '@engram/webhooks';
import type { FastifyInstance } from 'fastify';
import { openStack, type Stack } from '../../../packages/app/test/harness';
import { httpRequest, type HttpAnswer } from '../../../packages/api-http/test/http-server';

export const ADMIN_KEY = 'e2e-bootstrap-admin-key-7f3a9c2e5b8d1f4a6c0e';

export interface GrpcAnswer {
  ok: boolean;
  code: grpc.status;
  engramCode?: string;
  details?: Record<string, unknown>;
  response?: any;
}

export interface AuthStack extends Stack {
  keys: KeyStore;
  admin: KeyAdmin;
  http: FastifyInstance;
  base: string;
  grpcServer: RunningGrpcServer;
  /** An HTTP request; `key` goes in Authorization: Bearer unless `headers` say otherwise. */
  call(
    method: string,
    path: string,
    opts?: { key?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<HttpAnswer>;
  /** A gRPC call with the key in the authorization metadata. */
  rpc(
    method: string,
    request: Record<string, unknown>,
    opts?: { key?: string; metadata?: Record<string, string> },
  ): Promise<GrpcAnswer>;
  /** A key made by the bootstrap admin through the admin API. */
  newKey(body: Record<string, unknown>): Promise<CreatedKey>;
}

export interface AuthStackOptions {
  rateLimit?: RateLimit | null;
  limits?: MemoryAppLimits;
  metricsProtected?: boolean;
  /** The clock access control charges rate limits and checks expiry by (a test's own clock keeps the limit independent of machine speed). */
  accessClock?: Clock;
  /** Heartbeat interval of the event stream (default 15 s). */
  streamHeartbeatMs?: number;
}

export async function openAuthStack(opts: AuthStackOptions = {}): Promise<AuthStack> {
  const stack = await openStack({ trusted: false, ...(opts.limits ? { limits: opts.limits } : {}) });
  await runMigrations(stack.db, { dir: KEY_STORE_MIGRATIONS_DIR, namespace: KEY_STORE_MIGRATIONS_NAMESPACE });
  const keys = await openSqlKeyStore(stack.db, { exclusive: true });
  const admin = createKeyAdmin({ keys, clock: systemClock, logger: stack.logger });
  await runMigrations(stack.db, { dir: WEBHOOK_MIGRATIONS_DIR, namespace: WEBHOOK_MIGRATIONS_NAMESPACE });
  // Webhook management on both APIs (no dispatcher: nothing is delivered here).
  const webhooks = createWebhookAdmin({ db: stack.db, clock: systemClock });
  const access = createAccessControl({
    mode: 'required',
    keys,
    adminKeyHash: hashApiKey(ADMIN_KEY),
    rateLimit: opts.rateLimit ?? null,
    metricsProtected: opts.metricsProtected ?? false,
    clock: opts.accessClock ?? systemClock,
    logger: stack.logger,
  });
  const http = buildHttpServer({
    app: stack.app,
    access,
    keys: admin,
    webhooks,
    logger: stack.logger,
    version: 'auth-test',
    readiness: stack.readiness.check,
    ...(opts.streamHeartbeatMs ? { streamHeartbeatMs: opts.streamHeartbeatMs } : {}),
  });
  // A route another plugin registers later (as /metrics will be) is behind the same hook.
  http.get('/metrics', async () => 'engram_up 1\n');
  await http.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(http.server.address() as AddressInfo).port}`;
  const grpcServer = await startGrpcServer({
    app: stack.app,
    access,
    keys: admin,
    webhooks,
    host: '127.0.0.1',
    port: 0,
    logger: stack.logger,
    readiness: stack.readiness.check,
  });
  const { Client } = loadEngramProto();
  const client = new Client(`127.0.0.1:${grpcServer.port}`, grpc.credentials.createInsecure()) as grpc.Client &
    Record<string, Function>;

  const call: AuthStack['call'] = (method, path, o = {}) =>
    httpRequest(base, method, path, {
      headers: { ...(o.key ? { authorization: `Bearer ${o.key}` } : {}), ...(o.headers ?? {}) },
      ...(o.body !== undefined ? { body: o.body } : {}),
    });

  const rpc: AuthStack['rpc'] = (method, request, o = {}) =>
    new Promise((resolve) => {
      const md = new grpc.Metadata();
      if (o.key) md.set('authorization', `Bearer ${o.key}`);
      for (const [k, v] of Object.entries(o.metadata ?? {})) md.set(k, v);
      const failed = (err: grpc.ServiceError) => {
        const details = err.metadata?.get('engram-error-details-bin')[0];
        resolve({
          ok: false,
          code: err.code,
          engramCode: err.metadata?.get('engram-error-code')[0]?.toString(),
          details: details === undefined ? undefined : JSON.parse(details.toString()),
        });
      };
      if (Client.service[method]?.responseStream) {
        // A server-streaming call: its messages, once the stream ends.
        const messages: unknown[] = [];
        const stream = client[method]!.call(client, request, md) as grpc.ClientReadableStream<unknown>;
        stream.on('data', (m: unknown) => messages.push(m));
        stream.on('error', failed);
        stream.on('end', () => resolve({ ok: true, code: grpc.status.OK, response: { messages } }));
        return;
      }
      client[method]!.call(client, request, md, (err: grpc.ServiceError | null, response: unknown) => {
        if (err) return failed(err);
        resolve({ ok: true, code: grpc.status.OK, response });
      });
    });

  return {
    ...stack,
    keys,
    admin,
    http,
    base,
    grpcServer,
    call,
    rpc,
    async newKey(body) {
      const r = await call('POST', '/v1/admin/keys', { key: ADMIN_KEY, body });
      if (r.status !== 201) throw new Error(`creating a key answered ${r.status}: ${r.text}`);
      return r.json as CreatedKey;
    },
    async close() {
      client.close();
      await grpcServer.close();
      await http.close();
      await stack.close();
    },
  };
}
