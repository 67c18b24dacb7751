/**
 * P5 as an operator runs it: a real all-in-one process with ENGRAM_AUTH=required and a bootstrap
 * admin key, keys made with `engram keys` offline (before the start) and online (against the
 * running service), used over HTTP and gRPC, revoked, and not one key in the captured log lines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngramProto } from '@engram/api-grpc';
import { cli, lastJson } from '../../packages/cli/test/helpers/run-cli';
import { freePort, startEngramProcess, type EngramProcess } from './support/engram-process';

const ADMIN_KEY = 'service-test-admin-key-5c1e9a7b3d2f8e6a4b0c';

describe('auth on a running all-in-one, and `engram keys`', () => {
  let dataDir: string;
  let engram: EngramProcess;
  let grpcPort: number;
  const secrets: string[] = [ADMIN_KEY];
  let offlineKey: { id: string; key: string };
  const env = () => ({ ENGRAM_DATA_DIR: dataDir, ENGRAM_EMBEDDER: 'hash' });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-auth-e2e-'));
    // Offline: the service is not running, so the key goes straight into the data directory's store.
    const created = await cli(
      ['keys', 'create', '--tenant', 'acme', '--scopes', 'read,write,write:user_stated', '--name', 'made offline'],
      env(),
    );
    expect(created.code, created.stderr).toBe(0);
    offlineKey = lastJson(created.stdout) as never;
    expect(offlineKey.key).toMatch(/^egk_/);
    expect(created.stderr).toContain('shown only this once');
    secrets.push(offlineKey.key);
    grpcPort = await freePort();
    engram = await startEngramProcess({
      env: {
        ...env(),
        ENGRAM_AUTH: 'required',
        ENGRAM_ADMIN_KEY: ADMIN_KEY,
        GRPC_PORT: String(grpcPort),
        LOG_LEVEL: 'debug',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await engram?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const auth = (key: string) => ({ authorization: `Bearer ${key}` });

  it('401 without a key; the key made offline works over HTTP and gRPC; probes stay open', async () => {
    expect((await engram.request('POST', '/v1/query', { userId: 'u1', query: 'x' })).status).toBe(401);
    expect((await engram.request('GET', '/healthz')).status).toBe(200);
    expect((await engram.request('GET', '/readyz')).status).toBe(200);
    expect((await engram.request('GET', '/openapi.json')).status).toBe(200);
    const w = await engram.request(
      'POST',
      '/v1/memories',
      { userId: 'u1', type: 'USER', key: 'user.city', content: 'Lives in Porto' },
      auth(offlineKey.key),
    );
    expect(w.status).toBe(202);
    const q = await engram.request(
      'POST',
      '/v1/query',
      { userId: 'u1', query: 'where does the user live', minPosition: w.body.position },
      auth(offlineKey.key),
    );
    expect(q.body.results[0]).toMatchObject({ id: w.body.id, source: 'user_stated' });
    const { Client } = loadEngramProto();
    const client: any = new Client(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure());
    const call = (md: grpc.Metadata) =>
      new Promise<{ err: grpc.ServiceError | null; res: any }>((resolve) =>
        client.Query({ userId: 'u1', query: 'Porto' }, md, (err: grpc.ServiceError | null, res: unknown) =>
          resolve({ err, res }),
        ),
      );
    expect((await call(new grpc.Metadata())).err?.code).toBe(grpc.status.UNAUTHENTICATED);
    const md = new grpc.Metadata();
    md.set('authorization', `Bearer ${offlineKey.key}`);
    expect((await call(md)).res.results[0].id).toBe(w.body.id);
    // The operator calls are wired to the service's key store and webhooks, as the HTTP routes are.
    const admin = new grpc.Metadata();
    admin.set('authorization', `Bearer ${ADMIN_KEY}`);
    admin.set('x-tenant-id', 'acme');
    const rpc = (method: string, req: Record<string, unknown>, m: grpc.Metadata) =>
      new Promise<{ err: grpc.ServiceError | null; res: any }>((resolve) =>
        client[method](req, m, (err: grpc.ServiceError | null, res: unknown) => resolve({ err, res })),
      );
    const keys = await rpc('ListApiKeys', { tenantId: 'acme' }, admin);
    expect(keys.err).toBeNull();
    expect(keys.res.keys.map((k: { id: string }) => k.id)).toContain(offlineKey.id);
    const hook = await rpc('CreateWebhook', { url: 'https://hooks.example.com/engram' }, admin);
    expect(hook.err).toBeNull();
    const viaHttp = await engram.request('GET', '/v1/admin/webhooks', undefined, {
      ...auth(ADMIN_KEY),
      'x-tenant-id': 'acme',
    });
    expect(viaHttp.body.webhooks.map((x: { id: string }) => x.id)).toEqual([hook.res.id]);
    expect((await rpc('DeleteWebhook', { id: hook.res.id }, admin)).err).toBeNull();
    expect((await rpc('ListWebhooks', {}, md)).err?.code).toBe(grpc.status.PERMISSION_DENIED);
    client.close();
  });

  it('`engram keys` against the running service: create, list, revoke; the revoked key fails on the next request', async () => {
    const online = { ...env(), ENGRAM_URL: engram.url, ENGRAM_API_KEY: ADMIN_KEY };
    const made = await cli(
      ['keys', 'create', '--tenant', 'acme', '--scopes', 'read', '--user', 'u1', '--name', 'reader'],
      online,
    );
    expect(made.code, made.stderr).toBe(0);
    const reader = lastJson<{ id: string; key: string; userId: string; createdBy: string }>(made.stdout);
    secrets.push(reader.key);
    expect(reader).toMatchObject({ userId: 'u1', createdBy: 'bootstrap-admin' });
    expect((await engram.request('POST', '/v1/query', { userId: 'u1', query: 'Porto' }, auth(reader.key))).status).toBe(
      200,
    );
    expect((await engram.request('POST', '/v1/query', { userId: 'u2', query: 'Porto' }, auth(reader.key))).status).toBe(
      403,
    );

    const listed = lastJson<{ keys: Array<{ id: string }> }>(
      (await cli(['keys', 'list', '--tenant', 'acme'], online)).stdout,
    );
    expect(listed.keys.map((k) => k.id).sort()).toEqual([offlineKey.id, reader.id].sort());
    expect(JSON.stringify(listed)).not.toContain(reader.key);

    // Without --url the CLI finds the embedded service running on this data directory and goes through it.
    const revoked = await cli(['keys', 'revoke', reader.id], {
      ...env(),
      PORT: String(engram.port),
      ENGRAM_ADMIN_KEY: ADMIN_KEY,
    });
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(lastJson(revoked.stdout)).toMatchObject({ id: reader.id, revokedAt: expect.any(String) });
    const after = await engram.request('POST', '/v1/query', { userId: 'u1', query: 'Porto' }, auth(reader.key));
    expect(after.status).toBe(401);
    expect(after.body.error.details.reason).toBe('KEY_REVOKED');

    const noAdmin = await cli(['keys', 'list'], { ...env(), ENGRAM_URL: engram.url, ENGRAM_API_KEY: offlineKey.key });
    expect(noAdmin.code).toBe(1);
    expect(noAdmin.stderr).toContain('FORBIDDEN');
    const noKey = await cli(['keys', 'list'], { ...env(), ENGRAM_URL: engram.url });
    expect(noKey.stderr).toContain('UNAUTHENTICATED');
  });

  it('usage errors name what is missing', async () => {
    expect((await cli(['keys'], env())).code).toBe(2);
    expect((await cli(['keys', 'create', '--scopes', 'read'], env())).stderr).toContain('--tenant is required');
    expect((await cli(['keys', 'create', '--tenant', 'acme'], env())).stderr).toContain('--scopes is required');
    expect((await cli(['keys', 'revoke'], env())).stderr).toContain('needs the key id');
  });

  it('no key ever reaches the log, at debug level, through every path above', async () => {
    // A failed request with a key-like secret in each header is logged no more than a good one.
    await engram.request(
      'POST',
      '/v1/query',
      { userId: 'u1', query: 'x' },
      { 'x-api-key': 'egk_this-is-not-a-valid-key-but-secret' },
    );
    secrets.push('egk_this-is-not-a-valid-key-but-secret');
    const out = engram.output();
    expect(out).toContain('"msg":"access control"');
    expect(out).toContain('API key created');
    for (const secret of secrets) {
      expect(out).not.toContain(secret);
      expect(out).not.toContain(secret.slice(12));
    }
  });

  it('offline again after a stop: `engram keys list --all` shows the revocation', async () => {
    await engram.kill();
    const all = await cli(['keys', 'list', '--all'], env());
    expect(all.code, all.stderr).toBe(0);
    const keys = lastJson<{ keys: Array<{ name: string; revokedAt: string | null; lastUsedAt: string | null }> }>(
      all.stdout,
    ).keys;
    expect(keys.find((k) => k.name === 'reader')!.revokedAt).not.toBeNull();
    expect(keys.find((k) => k.name === 'made offline')!.lastUsedAt).not.toBeNull();
  });
});
