/**
 * Mem0's Python client (PyPI `mem0ai`, MemoryClient, public methods only) against a real Engram
 * process with auth required, as the JS client is in mem0-client.test.ts. The pinned package is a
 * test peer, not a dependency: installed once into a virtualenv in the peers cache (like the JS peer).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngramProcess, type EngramProcess } from './support/engram-process';

const MEM0_PY_VERSION = '2.2.1';
const ADMIN_KEY = 'mem0-py-e2e-bootstrap-admin-key-71c0d2e9a4';
const SCRIPT = fileURLToPath(new URL('./support/mem0-python-client.py', import.meta.url));

function mem0Python(): string {
  const root = process.env.ENGRAM_PEERS_DIR ?? join(homedir(), '.cache', 'engram', 'peers');
  const venv = join(root, `mem0ai-py-${MEM0_PY_VERSION}`);
  const python = join(venv, 'bin', 'python');
  const ready = join(venv, '.installed');
  if (!existsSync(ready)) {
    mkdirSync(root, { recursive: true });
    console.error(`installing mem0ai==${MEM0_PY_VERSION} (PyPI) into ${venv}`);
    execFileSync('python3', ['-m', 'venv', '--clear', venv], { stdio: 'inherit' });
    execFileSync(python, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', `mem0ai==${MEM0_PY_VERSION}`], {
      stdio: 'inherit',
    });
    execFileSync('touch', [ready]);
  }
  return python;
}

describe("Mem0's Python MemoryClient against Engram /mem0", () => {
  let dataDir: string;
  let engram: EngramProcess;
  let python: string;

  beforeAll(async () => {
    python = mem0Python();
    dataDir = mkdtempSync(join(tmpdir(), 'engram-mem0-py-'));
    engram = await startEngramProcess({
      env: { ENGRAM_DATA_DIR: dataDir, ENGRAM_EMBEDDER: 'hash', ENGRAM_AUTH: 'required', ENGRAM_ADMIN_KEY: ADMIN_KEY },
    });
  }, 300_000);
  afterAll(async () => {
    await engram?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds, searches, lists, gets, updates, reads history of and deletes memories and the user', async () => {
    const key = await engram.request(
      'POST',
      '/v1/admin/keys',
      { tenantId: 'acme', scopes: ['read', 'write', 'erase'], name: 'python app' },
      { authorization: `Bearer ${ADMIN_KEY}` },
    );
    expect(key.status).toBe(201);
    const { stdout } = await promisify(execFile)(python, [SCRIPT, `${engram.url}/mem0`, key.body.key, 'py-user'], {
      timeout: 180_000,
    });
    const r = JSON.parse(stdout);
    const id = r.add.results[0].id;
    expect(r.add).toMatchObject({ status: 'PENDING', event_id: expect.stringMatching(/^m0e_/) });
    expect(r.search.results[0]).toMatchObject({
      id,
      memory: 'I live in Lisbon and I love sardines',
      user_id: 'py-user',
    });
    expect(r.get_all).toMatchObject({ count: 1, results: [{ id }] });
    expect(r.get).toMatchObject({ id, memory: 'I live in Lisbon and I love sardines' });
    expect(r.update).toMatchObject({ memory: 'I live in Porto and I love sardines', previous_id: id });
    expect(r.history.map((h: { event: string }) => h.event)).toEqual(expect.arrayContaining(['ADD', 'UPDATE']));
    expect(r.users.results).toEqual([expect.objectContaining({ name: 'py-user', type: 'user' })]);
    expect(r.delete.message).toMatch(/deleted/i);
    expect(r.delete_users.message).toMatch(/deleted/i);
    expect(r.after).toMatchObject({ count: 0 });
    // A key of the tenant is required: the same client with a made-up key is refused.
    const refused = await engram.request('GET', '/mem0/v1/ping/', undefined, { authorization: 'Token not-a-key' });
    expect(refused.status).toBe(401);
  }, 240_000);
});
