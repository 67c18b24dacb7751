import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createKeyAdmin, openAccess } from '@engram/app';
import { systemClock } from '@engram/core';
import { runMigrations } from '@engram/projections';
import { KEY_STORE_MIGRATIONS_DIR, KEY_STORE_MIGRATIONS_NAMESPACE, openSqlKeyStore } from '@engram/key-store-sql';
import { buildHttpServer } from '../src/index';
import { openStack } from '../../app/test/harness';
import type { Stack, StackOptions } from '../../app/test/harness';

export interface HttpStack extends Stack {
  server: FastifyInstance;
  base: string;
  call(method: string, path: string, opts?: { body?: unknown; rawBody?: string; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; json: any; text: string }>;
}

/** The real stack behind a real fastify server listening on a loopback port. */
export async function openHttpStack(opts: StackOptions & { reads?: boolean } = {}): Promise<HttpStack> {
  const { reads, ...stackOpts } = opts;
  const stack = await openStack(stackOpts);
  await runMigrations(stack.db, { dir: KEY_STORE_MIGRATIONS_DIR, namespace: KEY_STORE_MIGRATIONS_NAMESPACE });
  const keys = createKeyAdmin({ keys: await openSqlKeyStore(stack.db, { exclusive: true }), clock: systemClock, logger: stack.logger });
  const server = buildHttpServer({ app: stack.app, access: openAccess(), keys, logger: stack.logger, version: '0.1.0-test', readiness: stack.readiness.check, ...(reads === undefined ? {} : { reads }) });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return {
    ...stack,
    server,
    base,
    async call(method, path, o = {}) {
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
    },
    async close() {
      await server.close();
      await stack.close();
    },
  };
}
