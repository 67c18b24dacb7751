import { OPEN_PRINCIPAL, systemClock, type ApiKeyRecord } from '@engram/core';
import { createKeyAdmin, type CreatedKey, type KeyAdmin } from '@engram/app';
import { ApiKeyParams, CreateKeyBody, check } from '@engram/contract';
import { openApiKeyStore, openReadStore, type EngramConfig } from '@engram/runtime';
import { noPositionals, parseFlags, stringFlag, type ParsedArgs } from '../args';
import type { Command } from '../command';
import type { CliIo } from '../io';
import { cliLogger, configOf } from '../offline';
import { assertServiceStopped, runningService } from '../service-guard';
import { callService, serviceUrl } from '../service-http';
import { UsageError } from '../usage-error';

const USAGE = `Usage: engram keys create --tenant TENANT --scopes SCOPES [--user USER] [--agent AGENT] [--name NAME] [--expires TIME]
       engram keys list [--tenant TENANT] [--all]
       engram keys revoke ID
  (each also takes --url URL)

Manages API keys (P5). Scopes (comma-separated): read, write, write:user_stated (claim user_stated
provenance; needs write), erase, admin (manage keys, consolidate). A key bound to --user or --agent
confines every request to that user or agent. \`create\` prints the key once, in "key": store it
then; Engram keeps only its SHA-256.

Where it acts:
  --url URL (or ENGRAM_URL)  a running Engram, through its admin API (/v1/admin/keys), with the key in
                             ENGRAM_API_KEY or ENGRAM_ADMIN_KEY (it needs the admin scope)
  otherwise                  the embedded service if it is running here, else the read store of
                             this configuration (ENGRAM_DATA_DIR, or DATABASE_URL with ENGRAM_STORE=postgres)
                             directly: offline, no key needed
A revocation holds from the next request on, on every service.

Options:
  --tenant TENANT  the tenant the key belongs to (create: required; list: only this tenant)
  --scopes LIST    e.g. read,write
  --user USER      bind the key to this user
  --agent AGENT    bind the key to this agent
  --name NAME      a label for listings
  --expires TIME   ISO-8601 time after which the key is refused
  --all            list revoked keys too
  --url URL        a running Engram's HTTP API`;

interface Target {
  create(input: Record<string, unknown>): Promise<CreatedKey>;
  list(input: { tenantId?: string; includeRevoked: boolean }): Promise<ApiKeyRecord[]>;
  revoke(id: string): Promise<ApiKeyRecord>;
  close(): Promise<void>;
}

function online(io: CliIo, base: string): Target {
  return {
    create: (input) => callService(io, base, { method: 'POST', path: '/v1/admin/keys', body: input, expect: 201 }),
    list: async ({ tenantId, includeRevoked }) => {
      const q = new URLSearchParams({ ...(tenantId ? { tenantId } : {}), includeRevoked: String(includeRevoked) });
      return (
        await callService<{ keys: ApiKeyRecord[] }>(io, base, {
          method: 'GET',
          path: `/v1/admin/keys?${q}`,
          expect: 200,
        })
      ).keys;
    },
    revoke: (id) =>
      callService(io, base, { method: 'DELETE', path: `/v1/admin/keys/${encodeURIComponent(id)}`, expect: 200 }),
    close: async () => undefined,
  };
}

/** The operator at the read store: every scope, as with auth off (createdBy stays null). */
async function offline(io: CliIo, cfg: Readonly<EngramConfig>): Promise<Target> {
  assertServiceStopped(cfg, 'keys');
  const db = await openReadStore(cfg);
  try {
    const admin: KeyAdmin = createKeyAdmin({
      keys: await openApiKeyStore({ db, cfg }),
      clock: systemClock,
      logger: cliLogger(io, 'keys'),
    });
    return {
      // The same request shapes the admin API checks.
      create: async (input) => admin.create(OPEN_PRINCIPAL, check(CreateKeyBody, input)),
      list: (input) => admin.list(OPEN_PRINCIPAL, input),
      revoke: async (id) => admin.revoke(OPEN_PRINCIPAL, check(ApiKeyParams, { id }).id),
      close: () => db.close(),
    };
  } catch (e) {
    await db.close();
    throw e;
  }
}

async function targetOf(io: CliIo, a: ParsedArgs): Promise<Target> {
  const url = stringFlag('keys', a, 'url') ?? io.env.ENGRAM_URL;
  if (url) return online(io, url.replace(/\/+$/, ''));
  const cfg = configOf(io);
  return runningService(cfg) ? online(io, serviceUrl(cfg)) : offline(io, cfg);
}

function scopesOf(a: ParsedArgs): string[] {
  const raw = stringFlag('keys', a, 'scopes');
  if (!raw) throw new UsageError('--scopes is required (e.g. --scopes read,write)', 'keys');
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const keysCommand: Command = {
  name: 'keys',
  summary: 'create, list and revoke API keys (P5), on a running service or offline',
  usage: USAGE,
  async run(argv, io) {
    const [action, ...rest] = argv;
    const a = parseFlags('keys', rest, {
      tenant: { type: 'string' },
      scopes: { type: 'string' },
      user: { type: 'string' },
      agent: { type: 'string' },
      name: { type: 'string' },
      expires: { type: 'string' },
      all: { type: 'boolean' },
      url: { type: 'string' },
    });
    if (action !== 'create' && action !== 'list' && action !== 'revoke')
      throw new UsageError('give an action: create, list or revoke', 'keys');
    noPositionals('keys', a, action === 'revoke' ? 1 : 0);
    const id = action === 'revoke' ? a.positionals[0] : undefined;
    if (action === 'revoke' && !id) throw new UsageError('revoke needs the key id', 'keys');
    const input =
      action === 'create'
        ? {
            tenantId:
              stringFlag('keys', a, 'tenant') ??
              (() => {
                throw new UsageError('--tenant is required', 'keys');
              })(),
            scopes: scopesOf(a),
            ...(stringFlag('keys', a, 'user') ? { userId: stringFlag('keys', a, 'user') } : {}),
            ...(stringFlag('keys', a, 'agent') ? { agentId: stringFlag('keys', a, 'agent') } : {}),
            ...(stringFlag('keys', a, 'name') ? { name: stringFlag('keys', a, 'name') } : {}),
            ...(stringFlag('keys', a, 'expires') ? { expiresAt: stringFlag('keys', a, 'expires') } : {}),
          }
        : null;
    const target = await targetOf(io, a);
    try {
      if (action === 'create') {
        const created = await target.create(input!);
        io.stdout.write(`${JSON.stringify(created)}\n`);
        io.stderr.write(
          `created API key ${created.id} (${created.prefix}…) for tenant ${created.tenantId}: the "key" above is shown only this once\n`,
        );
      } else if (action === 'list') {
        const tenantId = stringFlag('keys', a, 'tenant');
        const keys = await target.list({ ...(tenantId ? { tenantId } : {}), includeRevoked: a.flags.all === true });
        io.stdout.write(`${JSON.stringify({ keys })}\n`);
      } else {
        const revoked = await target.revoke(id!);
        io.stdout.write(`${JSON.stringify(revoked)}\n`);
      }
    } finally {
      await target.close();
    }
    return 0;
  },
};
