import { chown, mkdir, mkdtemp, readFile, readdir, rm, access } from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { EngramError } from '@engram/core';
import { freePort } from './free-port';
import { runToCompletion, sleep, spawnServer, type ServerProcess } from './child-process';

export interface StartedPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust auth, superuser `postgres`). */
  url: string;
  port: number;
  /** Major version of the server binaries, e.g. 15. */
  version: number;
  /** Stops the server (SIGINT = fast shutdown) and deletes its data directory. */
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  /** Directory holding `initdb` and `postgres`; default: the newest /usr/lib/postgresql/<v>/bin. */
  binDir?: string;
  readyTimeoutMs?: number;
}

/**
 * The bin directory of the newest installed PostgreSQL server (ENGRAM_PG_BIN overrides), or
 * undefined when no server binaries are installed (a client-only machine).
 */
export async function findPostgresBinDir(): Promise<string | undefined> {
  const override = process.env.ENGRAM_PG_BIN?.trim();
  if (override)
    return (await isExecutable(join(override, 'postgres'))) && (await isExecutable(join(override, 'initdb')))
      ? override
      : undefined;
  const root = '/usr/lib/postgresql';
  let versions: string[];
  try {
    versions = await readdir(root);
  } catch {
    return undefined;
  }
  const sorted = versions.filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  for (const v of sorted) {
    const bin = join(root, v, 'bin');
    if ((await isExecutable(join(bin, 'postgres'))) && (await isExecutable(join(bin, 'initdb')))) return bin;
  }
  return undefined;
}

async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The server refuses to run as root: as root we run it as the `postgres` system user. */
async function serverUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const passwd = await readFile('/etc/passwd', 'utf8');
  for (const line of passwd.split('\n')) {
    const [name, , uid, gid] = line.split(':');
    if (name === 'postgres' && uid && gid) return { uid: Number(uid), gid: Number(gid) };
  }
  throw new EngramError(
    'UNSUPPORTED',
    'running as root, but there is no `postgres` user to run the PostgreSQL server as (install the postgresql package)',
  );
}

/**
 * Starts a throw-away PostgreSQL server on 127.0.0.1 and a free port, in its own temp data
 * directory, tuned for tests (no fsync). Resolves once it accepts a connection.
 */
export async function startPostgres(opts: StartPostgresOptions = {}): Promise<StartedPostgres> {
  const binDir = opts.binDir ?? (await findPostgresBinDir());
  if (!binDir)
    throw new EngramError(
      'UNSUPPORTED',
      'no PostgreSQL server binaries (/usr/lib/postgresql/<v>/bin/postgres); install the postgresql package',
    );
  const version = Number(/postgresql\/(\d+)\//.exec(binDir + '/')?.[1] ?? 0);
  const user = await serverUser();
  const base = await mkdtemp(join(tmpdir(), 'engram-pg-'));
  const dataDir = join(base, 'data');
  const socketDir = join(base, 'sock');
  const asUser = user ? { uid: user.uid, gid: user.gid } : {};
  try {
    await mkdir(socketDir);
    if (user) {
      await chown(base, user.uid, user.gid);
      await chown(socketDir, user.uid, user.gid);
    }
    // cwd = base: the server user may not be allowed into the caller's working directory.
    await runToCompletion(
      join(binDir, 'initdb'),
      ['-D', dataDir, '--no-sync', '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C'],
      { ...asUser, cwd: base, env: { ...process.env, LC_ALL: 'C' }, what: 'initdb', timeoutMs: 120_000 },
    );
  } catch (e) {
    await rm(base, { recursive: true, force: true });
    throw e;
  }

  const readyTimeoutMs = opts.readyTimeoutMs ?? 30_000;
  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const server = spawnServer(
      join(binDir, 'postgres'),
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-k',
        socketDir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=200',
        // As Engram's erasure asks of a server (README): retired WAL segments are removed, not recycled.
        '-c',
        'wal_recycle=off',
      ],
      { ...asUser, cwd: base, env: { ...process.env, LC_ALL: 'C' } },
    );
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const ready = await waitUntilAccepting(url, server, readyTimeoutMs);
    if (ready === 'ready') {
      return {
        url,
        port,
        version,
        async stop() {
          await server.stop('SIGINT', 15_000);
          await rm(base, { recursive: true, force: true });
        },
      };
    }
    await server.stop('SIGINT', 5_000);
    lastError = server.output();
    if (!/could not bind|address already in use/i.test(lastError)) break; // only a port race is worth a retry
  }
  await rm(base, { recursive: true, force: true });
  throw new EngramError('STORE_UNAVAILABLE', `PostgreSQL did not start:\n${lastError.slice(-3000)}`);
}

async function waitUntilAccepting(url: string, server: ServerProcess, timeoutMs: number): Promise<'ready' | 'failed'> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!server.running()) return 'failed';
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return 'ready';
    } catch {
      await sleep(40);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return 'failed';
}

export interface TestDatabase {
  /** URL of the new, empty database on the same server. */
  url: string;
  name: string;
  /** Drops the database (closing any connection still open to it). */
  drop(): Promise<void>;
}

/**
 * Creates a fresh database with a unique name on the server at `serverUrl`, so test files running
 * in parallel against one server never share tables.
 */
export async function createTestDatabase(serverUrl: string, prefix = 'engram_test'): Promise<TestDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix))
    throw new EngramError(
      'VALIDATION_FAILED',
      `database prefix must be a lower-case identifier, got ${JSON.stringify(prefix)}`,
    );
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

async function withAdmin<T>(serverUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
