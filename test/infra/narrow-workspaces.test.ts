/**
 * infra/deploy/narrow-workspaces.mjs (what the Dockerfile runs before `npm install --omit=dev`): a
 * service keeps the Engram packages its manifests reach and nothing else, so the query service never
 * installs onnxruntime, the EventStoreDB client, PGlite or the OpenAI client.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const SCRIPT = join(root, 'infra/deploy/narrow-workspaces.mjs');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of the repository's manifests (nothing else is read) narrowed to `service`. */
function narrowed(service: string): { code: number | null; stderr: string; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'engram-narrow-'));
  dirs.push(dir);
  cpSync(join(root, 'package.json'), join(dir, 'package.json'));
  for (const top of ['packages', 'services']) {
    for (const d of readdirSync(join(root, top)))
      cpSync(join(root, top, d, 'package.json'), join(dir, top, d, 'package.json'));
  }
  const r = spawnSync(process.execPath, [SCRIPT, service], { cwd: dir, encoding: 'utf8' });
  return { code: r.status, stderr: r.stderr, dir };
}
const read = (dir: string, rel = '.') => JSON.parse(readFileSync(join(dir, rel, 'package.json'), 'utf8'));

describe('narrow-workspaces: one service and what it depends on', () => {
  it('keeps the query service, its parts and its deployment adapters; drops the other adapters and the tools', () => {
    const { code, stderr, dir } = narrowed('services/query');
    expect(code, stderr).toBe(0);
    const kept: string[] = read(dir).workspaces;
    for (const p of [
      'services/query',
      'packages/runtime',
      'packages/core',
      'packages/app',
      'packages/api-http',
      'packages/api-grpc',
      'packages/retrieval',
      'packages/event-log-kafka',
      'packages/store-postgres',
      'packages/index-qdrant',
      'packages/embedder-use',
    ]) {
      expect(kept).toContain(p);
    }
    for (const p of [
      'packages/embedder-onnx',
      'packages/reranker-onnx',
      'packages/event-log-esdb',
      'packages/store-pglite',
      'packages/openai-adapters',
      'packages/testing',
      'packages/cli',
      'services/ingest',
      'services/engram',
    ]) {
      expect(kept).not.toContain(p);
    }
    // Workspaces' devDependencies would be linked even under --omit=dev.
    for (const p of kept) expect(read(dir, p).devDependencies, p).toBeUndefined();
  });

  it('gives a projector only the log and the read store', () => {
    const { dir } = narrowed('services/projector-semantic');
    expect(
      read(dir).workspaces.filter((w: string) => /event-log|store-|index-|embedder|reranker|openai/.test(w)),
    ).toEqual(['packages/event-log-kafka', 'packages/store-postgres']);
  });

  it('refuses anything but services/<name>', () => {
    const r = narrowed('packages/core');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/usage: node infra\/deploy\/narrow-workspaces\.mjs services\/<name>/);
  });
});
