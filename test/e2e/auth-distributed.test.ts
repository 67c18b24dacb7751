/**
 * P5 in a distributed deployment on a real PostgreSQL server: two services in their own processes
 * (ingest and query) share the key store. A key created through one works on the other at once,
 * and a revocation through either service, or offline with `engram keys revoke` on the database,
 * fails the very next request on every service, over HTTP and gRPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadEngramProto } from '@engram/api-grpc';
import { createTestDatabase, describeWithServers, type TestDatabase } from '@engram/testing';
import { cli, lastJson } from '../../packages/cli/test/helpers/run-cli';
import { freePort, startEngramProcess, type EngramProcess } from './support/engram-process';

const ADMIN_KEY = 'distributed-admin-key-4e8b2c6a9d1f3e7b5a0c';

describeWithServers(['postgres'], 'key revocation across services on PostgreSQL', ({ postgres }) => {
  let db: TestDatabase;
  let root: string;
  let ingest: EngramProcess;
  let query: EngramProcess;
  let grpcPort: number;
  let client: any;

  const envFor = (service: string): Record<string, string> => ({
    ENGRAM_STORE: 'postgres',
    DATABASE_URL: db.url,
    DATABASE_POOL_SIZE: '3',
    ENGRAM_EMBEDDER: 'hash',
    ENGRAM_DATA_DIR: join(root, service),
    ENGRAM_ADMIN_KEY: ADMIN_KEY,
    // No ENGRAM_AUTH: a distributed service requires keys by default.
  });
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const rpcQuery = (key: string) =>
    new Promise<grpc.status>((resolve) => {
      const md = new grpc.Metadata();
      md.set('authorization', `Bearer ${key}`);
      client.Query({ userId: 'u1', query: 'anything' }, md, (err: grpc.ServiceError | null) =>
        resolve(err ? err.code : grpc.status.OK),
      );
    });
  /** 'served' or the status refusing it: ingest takes writes only (it answers reads 404), so it is asked for one. */
  const served = async (p: EngramProcess, key: string): Promise<'served' | number> => {
    const r =
      p === ingest
        ? await p.request(
            'POST',
            '/v1/memories',
            { userId: 'u1', type: 'ENVIRONMENT', content: 'a probe write' },
            bearer(key),
          )
        : await p.request('POST', '/v1/query', { userId: 'u1', query: 'anything' }, bearer(key));
    return r.status === 200 || r.status === 202 ? 'served' : r.status;
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'engram-auth-dist-'));
    db = await createTestDatabase(postgres, 'engram_auth');
    grpcPort = await freePort();
    [ingest, query] = await Promise.all([
      startEngramProcess({ service: 'ingest', env: envFor('ingest'), readyTimeoutMs: 90_000 }),
      startEngramProcess({
        service: 'query',
        env: { ...envFor('query'), GRPC_PORT: String(grpcPort) },
        readyTimeoutMs: 90_000,
      }),
    ]);
    const { Client } = loadEngramProto();
    client = new Client(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure());
  }, 180_000);
  afterAll(async () => {
    client?.close();
    await Promise.all([ingest?.kill(), query?.kill()]);
    await db?.drop();
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('requires a key on every service by default', async () => {
    expect((await ingest.request('POST', '/v1/memories', { userId: 'u1', type: 'USER', content: 'x' })).status).toBe(
      401,
    );
    expect((await query.request('POST', '/v1/query', { userId: 'u1', query: 'x' })).status).toBe(401);
  });

  it('a key made on one service works on the other, and a revocation on either fails the next request everywhere', async () => {
    for (const [maker, revoker] of [
      [ingest, query],
      [query, ingest],
    ] as const) {
      const made = await maker.request(
        'POST',
        '/v1/admin/keys',
        { tenantId: 'acme', scopes: ['read', 'write'] },
        bearer(ADMIN_KEY),
      );
      expect(made.status).toBe(201);
      const key = made.body.key as string;
      expect(await served(ingest, key)).toBe('served');
      expect(await served(query, key)).toBe('served');
      expect(await rpcQuery(key)).toBe(grpc.status.OK);
      const revoked = await revoker.request('DELETE', `/v1/admin/keys/${made.body.id}`, undefined, bearer(ADMIN_KEY));
      expect(revoked.status).toBe(200);
      // The very next request, on each service, with no wait in between.
      expect(await served(maker, key)).toBe(401);
      expect(await served(revoker, key)).toBe(401);
      expect(await rpcQuery(key)).toBe(grpc.status.UNAUTHENTICATED);
    }
  });

  it('`engram keys` offline on the shared database while the services run: created and revoked at once on both', async () => {
    const offline = { ENGRAM_STORE: 'postgres', DATABASE_URL: db.url, ENGRAM_DATA_DIR: join(root, 'cli') };
    const made = await cli(['keys', 'create', '--tenant', 'acme', '--scopes', 'read,write'], offline);
    expect(made.code, made.stderr).toBe(0);
    const { id, key } = lastJson<{ id: string; key: string }>(made.stdout);
    expect(await served(ingest, key)).toBe('served');
    expect(await served(query, key)).toBe('served');
    expect((await cli(['keys', 'revoke', id], offline)).code).toBe(0);
    expect(await served(ingest, key)).toBe(401);
    expect(await served(query, key)).toBe(401);
    expect(await rpcQuery(key)).toBe(grpc.status.UNAUTHENTICATED);
    for (const p of [ingest, query]) expect(p.output()).not.toContain(key);
  });
});
