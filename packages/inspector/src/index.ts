import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The inspector's built assets (`npm run build -w @engram/inspector`, run by the root `prepare`, so
 * after `npm ci`): one page and its hashed scripts and styles. They hold no data; the page reads the
 * JSON API with the key the user gives it.
 */
export interface InspectorAsset {
  body: Buffer;
  contentType: string;
  /** Hashed file names never change content: cache them for good. */
  immutable: boolean;
}

export const INSPECTOR_DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** path under /ui/ ('' = the page) → asset; null when the assets were not built. */
export function loadInspectorAssets(dir: string = INSPECTOR_DIST_DIR): Map<string, InspectorAsset> | null {
  if (!existsSync(join(dir, 'index.html'))) return null;
  const assets = new Map<string, InspectorAsset>();
  for (const file of walk(dir)) {
    const rel = relative(dir, file).split('\\').join('/');
    const type = TYPES[extname(file)];
    if (!type) continue;
    assets.set(rel === 'index.html' ? '' : rel, {
      body: readFileSync(file),
      contentType: type,
      immutable: rel.startsWith('assets/'),
    });
  }
  return assets;
}
