import { isIP } from 'node:net';
import { systemClock, type KeyStore } from '@engram/core';
import type { AccessControl, AuthMode, KeyAdmin } from '@engram/app';
import type { Foundation } from './compose';
import { loadAdapter } from './optional-adapter';
import type { EngramConfig } from './config';

/** Whether only this machine can reach a listener on the host. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** The hosts the API listens on (HTTP, and gRPC when it runs). */
function listenHosts(cfg: Readonly<EngramConfig>, grpc: boolean): string[] {
  return [cfg.http.host, ...(grpc && cfg.grpc.port !== null ? [cfg.grpc.host] : [])];
}

/**
 * P5: ENGRAM_AUTH when set; otherwise off only for an all-in-one that listens on loopback alone
 * (so `npm start` needs nothing set up), required on any other address and in every distributed service.
 */
export function effectiveAuthMode(cfg: Readonly<EngramConfig>, opts: { allInOne: boolean; grpc: boolean }): AuthMode {
  if (cfg.auth.mode) return cfg.auth.mode;
  return opts.allInOne && listenHosts(cfg, opts.grpc).every(isLoopbackHost) ? 'off' : 'required';
}

/** Opens the API key store on the read store (its own migrations), cached in memory when this process owns the store. */
export async function openApiKeyStore(f: Pick<Foundation, 'db' | 'cfg'>): Promise<KeyStore> {
  const { runMigrations } = await import('@engram/projections');
  const { openSqlKeyStore, KEY_STORE_MIGRATIONS_DIR, KEY_STORE_MIGRATIONS_NAMESPACE } = await loadAdapter(
    '@engram/key-store-sql',
    'a service with an API (API keys)',
    () => import('@engram/key-store-sql'),
  );
  await runMigrations(f.db, { dir: KEY_STORE_MIGRATIONS_DIR, namespace: KEY_STORE_MIGRATIONS_NAMESPACE });
  // PGlite: one process per data directory, so nothing else can change a key behind this one's back.
  return openSqlKeyStore(f.db, { exclusive: f.cfg.store.kind === 'pglite' });
}

/** Access control and key management for a service's API. */
export async function openAccessControl(
  f: Foundation,
  opts: { allInOne: boolean; grpc: boolean },
): Promise<{ access: AccessControl; keys: KeyAdmin }> {
  const { createAccessControl, createKeyAdmin } = await import('@engram/app');
  const logger = f.logger.child({ component: 'auth' });
  const mode = effectiveAuthMode(f.cfg, opts);
  const store = await openApiKeyStore(f);
  const keys = createKeyAdmin({ keys: store, clock: systemClock, logger });
  const access = createAccessControl({
    mode,
    keys: store,
    adminKeyHash: f.cfg.auth.adminKeyHash,
    rateLimit: f.cfg.limits.rateLimit,
    metricsProtected: f.cfg.auth.metricsProtected,
    clock: systemClock,
    logger,
  });
  const exposed = listenHosts(f.cfg, opts.grpc).filter((h) => !isLoopbackHost(h));
  if (mode === 'off' && exposed.length > 0) {
    logger.warn(
      { hosts: exposed, auth: 'off' },
      `!!! ENGRAM_AUTH=off while listening on ${exposed.join(', ')}: ANYONE WHO CAN REACH THIS PORT CAN READ, WRITE AND ERASE EVERY TENANT'S MEMORY. Set ENGRAM_AUTH=required (with ENGRAM_ADMIN_KEY) or bind to 127.0.0.1 !!!`,
    );
  } else if (mode === 'required' && !f.cfg.auth.adminKeyHash && (await store.list({ limit: 1 })).length === 0) {
    logger.warn(
      { auth: 'required' },
      'auth is required but there is no API key yet: set ENGRAM_ADMIN_KEY or create one offline with `engram keys create`',
    );
  }
  logger.info(
    {
      auth: mode,
      adminKey: f.cfg.auth.adminKeyHash !== null,
      rateLimit: f.cfg.limits.rateLimit,
      metricsProtected: f.cfg.auth.metricsProtected,
    },
    'access control',
  );
  return { access, keys };
}
