import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createKeyAdmin, openAccess, type KeyAdmin } from '@engram/app';
import { systemClock } from '@engram/core';
import { runMigrations } from '@engram/projections';
import { KEY_STORE_MIGRATIONS_DIR, KEY_STORE_MIGRATIONS_NAMESPACE, openSqlKeyStore } from '@engram/key-store-sql';
import {
  createWebhookAdmin,
  WEBHOOK_MIGRATIONS_DIR,
  WEBHOOK_MIGRATIONS_NAMESPACE,
  type WebhookAdmin,
} from '@engram/webhooks';
import { buildHttpServer } from '../src/index';
import { openStack } from '../../app/test/harness';
import type { Stack, StackOptions } from '../../app/test/harness';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  json: any;
  text: string;
}

export interface HttpRequestOptions {
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface HttpStack extends Stack {
  server: FastifyInstance;
  base: string;
  /** The key and webhook admins the server's routes use (a gRPC server under test gets the same). */
  keys: KeyAdmin;
  webhooks: WebhookAdmin;
  call(method: string, path: string, opts?: HttpRequestOptions): Promise<HttpAnswer>;
}

/** One HTTP request to a test server: a JSON body (or a raw one), the answer's text and, when it parses, its JSON. */
export async function httpRequest(
  base: string,
  method: string,
  path: string,
  o: HttpRequestOptions = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  let body: string | undefined;
  if (o.rawBody !== undefined) body = o.rawBody;
  else if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, headers: res.headers, json, text };
}

/** The real stack behind a real fastify server listening on a loopback port. */
export async function openHttpStack(opts: StackOptions & { reads?: boolean } = {}): Promise<HttpStack> {
  const { reads, ...stackOpts } = opts;
  const stack = await openStack(stackOpts);
  await runMigrations(stack.db, { dir: KEY_STORE_MIGRATIONS_DIR, namespace: KEY_STORE_MIGRATIONS_NAMESPACE });
  const keys = createKeyAdmin({
    keys: await openSqlKeyStore(stack.db, { exclusive: true }),
    clock: systemClock,
    logger: stack.logger,
  });
  await runMigrations(stack.db, { dir: WEBHOOK_MIGRATIONS_DIR, namespace: WEBHOOK_MIGRATIONS_NAMESPACE });
  const webhooks = createWebhookAdmin({ db: stack.db, clock: systemClock });
  const server = buildHttpServer({
    app: stack.app,
    access: openAccess(),
    keys,
    webhooks,
    logger: stack.logger,
    version: '0.1.0-test',
    readiness: stack.readiness.check,
    ...(reads === undefined ? {} : { reads }),
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return {
    ...stack,
    server,
    base,
    keys,
    webhooks,
    call: (method, path, o = {}) => httpRequest(base, method, path, o),
    async close() {
      await server.close();
      await stack.close();
    },
  };
}
