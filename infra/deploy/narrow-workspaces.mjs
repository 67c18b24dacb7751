#!/usr/bin/env node
/**
 * Makes this checkout install one service and nothing else:
 *
 *   node infra/deploy/narrow-workspaces.mjs services/query && npm install --omit=dev
 *
 * npm installs every workspace of the root manifest whatever `--workspace` says, so this rewrites the
 * root package.json's workspaces to the service and the Engram packages its `dependencies` reach
 * (transitively; not devDependencies, not optional peers), and drops the devDependencies of those
 * workspaces (npm links a workspace's devDependencies even under --omit=dev). Adapters are optional
 * peers of @engram/runtime: a service gets the ones its own manifest lists. For a build context (an
 * image, a deploy directory), never a development checkout. Plain JavaScript: it runs before anything
 * is installed (infra/docker/Dockerfile).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const service = process.argv[2];
if (!service || !/^services\/[a-z0-9-]+$/.test(service)) {
  console.error('usage: node infra/deploy/narrow-workspaces.mjs services/<name>');
  process.exit(2);
}
const read = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const dirOf = new Map();
for (const top of ['packages', 'services'])
  for (const d of readdirSync(top)) dirOf.set(read(join(top, d)).name, `${top}/${d}`);

const keep = new Set([service]);
const queue = [service];
while (queue.length > 0) {
  for (const dep of Object.keys(read(queue.shift()).dependencies ?? {})) {
    const dir = dirOf.get(dep);
    if (dir && !keep.has(dir)) {
      keep.add(dir);
      queue.push(dir);
    }
  }
}
for (const dir of keep) {
  const m = read(dir);
  delete m.devDependencies;
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(m, null, 2)}\n`);
}
const manifest = read('.');
manifest.workspaces = [...keep].sort();
writeFileSync('package.json', `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`workspaces: ${manifest.workspaces.join(' ')}`);
