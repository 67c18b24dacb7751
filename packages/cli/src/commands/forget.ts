import { EngramError, type ForgetTarget } from '@engram/core';
import type { EngramConfig } from '@engram/runtime';
import { noPositionals, parseFlags, requiredFlag, stringFlag } from '../args';
import type { Command } from '../command';
import { configOf, withOffline } from '../offline';
import { DEFAULT_TENANT, openOfflineApp } from '../offline-app';
import { runningService } from '../service-guard';
import { UsageError } from '../usage-error';

interface ForgetRequest {
  tenantId: string;
  userId: string;
  target: ForgetTarget;
  memoryId: string | null;
  key: string | null;
  reason: string | null;
}

function serviceUrl(cfg: Readonly<EngramConfig>): string {
  const host = cfg.http.host === '0.0.0.0' || cfg.http.host === '::' ? '127.0.0.1' : cfg.http.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${cfg.http.port}`;
}

/** The service owns the embedded data: the erase goes through its HTTP API instead. */
async function forgetOverHttp(cfg: Readonly<EngramConfig>, r: ForgetRequest): Promise<{ eventId: string; position: string }> {
  if (r.target === 'key') {
    throw new EngramError('CONFLICT', 'the service is running and its HTTP API has no key-level erase: stop the service and run engram forget --key again', {
      details: { reason: 'SERVICE_RUNNING' },
    });
  }
  const q = new URLSearchParams();
  if (r.reason) q.set('reason', r.reason);
  if (r.target === 'memory') q.set('userId', r.userId);
  const path = r.target === 'memory' ? `/v1/memories/${encodeURIComponent(r.memoryId!)}` : `/v1/users/${encodeURIComponent(r.userId)}/memories`;
  let res: Response;
  try {
    res = await fetch(`${serviceUrl(cfg)}${path}?${q}`, { method: 'DELETE', headers: { 'x-tenant-id': r.tenantId, 'x-requested-by': 'engram-cli' } });
  } catch (e) {
    throw new EngramError('LOG_UNAVAILABLE', `the service holds the data directory but its HTTP API at ${serviceUrl(cfg)} is unreachable: ${(e as Error).message}`, { cause: e });
  }
  const body = (await res.json().catch(() => ({}))) as { error?: { code?: string; message?: string }; eventId?: string; position?: string };
  if (res.status !== 202) {
    const code = (body.error?.code ?? 'INTERNAL') as ConstructorParameters<typeof EngramError>[0];
    throw new EngramError(code, `the service answered ${res.status}: ${body.error?.message ?? 'no error body'}`, { details: { status: res.status } });
  }
  return { eventId: body.eventId!, position: body.position! };
}

export const forgetCommand: Command = {
  name: 'forget',
  summary: 'erase one memory, one key or everything of a user (appends MemoryForgotten)',
  usage: `Usage: engram forget --user USER [--tenant TENANT] [--memory ID | --key KEY] [--reason TEXT]

Appends a MemoryForgotten event through the same command handler as the API (validation, content
scanning, audit); the projectors and the search index then erase the data (P4). Without --memory or
--key the whole user is erased. With the service running, the erase is sent to its HTTP API
(memory and user targets); offline, it is appended directly.

Options:
  --user USER      the user (required)
  --tenant TENANT  the tenant (default "${DEFAULT_TENANT}")
  --memory ID      erase one memory entry
  --key KEY        erase every entry that held a semantic key
  --reason TEXT    recorded in the audit trail`,
  async run(argv, io) {
    const a = parseFlags('forget', argv, {
      user: { type: 'string' },
      tenant: { type: 'string' },
      memory: { type: 'string' },
      key: { type: 'string' },
      reason: { type: 'string' },
    });
    noPositionals('forget', a);
    const memoryId = stringFlag('forget', a, 'memory') ?? null;
    const key = stringFlag('forget', a, 'key') ?? null;
    if (memoryId && key) throw new UsageError('give --memory or --key, not both', 'forget');
    const r: ForgetRequest = {
      tenantId: stringFlag('forget', a, 'tenant') ?? DEFAULT_TENANT,
      userId: requiredFlag('forget', a, 'user'),
      target: memoryId ? 'memory' : key ? 'key' : 'user',
      memoryId,
      key,
      reason: stringFlag('forget', a, 'reason') ?? null,
    };
    const cfg = configOf(io);
    const out = runningService(cfg)
      ? await forgetOverHttp(cfg, r)
      : await withOffline(
          io,
          'forget',
          async (f) => {
            const app = await openOfflineApp(f);
            try {
              return await app.forget({
                scope: { tenantId: r.tenantId, userId: r.userId, agentId: null },
                target: r.target,
                ...(r.memoryId ? { memoryId: r.memoryId } : {}),
                ...(r.key ? { key: r.key } : {}),
                reason: r.reason,
                requestedBy: 'engram-cli',
              });
            } finally {
              await app.close();
            }
          },
          cfg,
        );
    io.stdout.write(`${JSON.stringify({ forgotten: r.target, ...out })}\n`);
    return 0;
  },
};
