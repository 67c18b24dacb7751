import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@engram/testing';
import { cli, lastJson, tempDataDir } from './helpers/run-cli';

const BIN = fileURLToPath(new URL('../../../bin/engram.mjs', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

describe('engram start, and offline commands while it runs', () => {
  const tmp = tempDataDir();
  let env: Record<string, string>;
  let child: ChildProcess;
  let output = '';
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    env = { ENGRAM_DATA_DIR: tmp.dir, ENGRAM_EMBEDDER: 'hash', HOST: '127.0.0.1', PORT: String(port) };
    child = spawn(process.execPath, [BIN, 'start'], {
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    // Ready means OUR process logged that it listens on the port (not another server that took it).
    const listening = new RegExp(`"port":${port}[^\n]*"msg":"HTTP listening"`);
    await waitFor(
      'engram start to listen and be ready',
      async () => {
        if (child.exitCode !== null) throw new Error(`engram start exited ${child.exitCode}: ${output}`);
        return (
          listening.test(output) &&
          (await fetch(`${url}/readyz`).then(
            (r) => r.ok,
            () => false,
          ))
        );
      },
      60_000,
    );
  });
  afterAll(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    tmp.dispose();
  });

  it('serves the API, refuses offline commands on its data, sends forget to it, and stops cleanly on SIGTERM', async () => {
    const w = await fetch(`${url}/v1/memories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: 'erin',
        type: 'ENVIRONMENT',
        content: 'The service deploys with blue-green releases',
      }),
    });
    expect(w.status, await w.clone().text()).toBe(202);
    const written = (await w.json()) as { id: string; position: string };

    const stats = await cli(['stats'], env);
    expect(stats.code).toBe(1);
    expect(stats.stderr).toMatch(/error CONFLICT\/SERVICE_RUNNING: .*pid \d+/);

    // The operator forgets an entry the read side already shows.
    expect((await fetch(`${url}/v1/memories/${written.id}?userId=erin&minPosition=${written.position}`)).status).toBe(
      200,
    );
    const unknown = await cli(['forget', '--user', 'erin', '--memory', '00000000-0000-4000-8000-000000000000'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error NOT_FOUND: the service answered 404');

    const forgot = await cli(
      ['forget', '--user', 'erin', '--memory', written.id, '--reason', 'requested by the user'],
      env,
    );
    expect(forgot.code, forgot.stderr).toBe(0);
    const f = lastJson<{
      forgotten: string;
      eventId: string;
      position: string;
      erasureId: string;
      report: { status: string; removed: Record<string, number> };
    }>(forgot.stdout);
    expect(f).toMatchObject({
      forgotten: 'memory',
      eventId: expect.any(String),
      position: expect.stringMatching(/^0:\d+$/),
      erasureId: expect.any(String),
    });
    // The CLI waited for the erasure report (B2) of the running service.
    expect(f.report).toMatchObject({ status: 'completed', removed: { memories: 1, keys: 1 } });
    const gone = await fetch(`${url}/v1/memories/${written.id}?userId=erin&minPosition=${f.position}`);
    expect(gone.status).toBe(404);

    // A key's erasure goes to the running service too.
    const keyed = await fetch(`${url}/v1/memories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: 'erin',
        type: 'USER',
        key: 'user.employer',
        content: 'Erin works at the harbour',
      }),
    });
    expect(keyed.status, await keyed.clone().text()).toBe(202);
    const k = (await keyed.json()) as { id: string; position: string };
    const forgotKey = await cli(['forget', '--user', 'erin', '--key', 'user.employer'], env);
    expect(forgotKey.code, forgotKey.stderr).toBe(0);
    const fk = lastJson<{
      forgotten: string;
      position: string;
      report: { status: string; removed: Record<string, number> };
    }>(forgotKey.stdout);
    expect(fk).toMatchObject({ forgotten: 'key', report: { status: 'completed', removed: { memories: 1 } } });
    // The entry's item key and its key name's slot key.
    expect(fk.report.removed.keys).toBe(2);
    expect((await fetch(`${url}/v1/memories/${k.id}?userId=erin&minPosition=${fk.position}`)).status).toBe(404);

    child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    expect(code, output).toBe(0);

    const after = await cli(['stats', '--json'], env);
    expect(after.code, after.stderr).toBe(0);
    const s = lastJson<{ tables: { memories: number }; log: { events: number } }>(after.stdout);
    expect(s.tables.memories).toBe(0);
    // Per erasure: the write, the request and its ErasureCompleted report; the key's also names its entry in a cascade.
    expect(s.log.events).toBe(7);
  });
});
