import { EngramError, pollUntil, type ForgetTarget } from '@engram/core';
import { getErasure, type ErasureReport } from '@engram/projections';
import type { EngramConfig } from '@engram/runtime';
import { noPositionals, parseFlags, requiredFlag, stringFlag } from '../args';
import type { Command } from '../command';
import { configOf, withOffline } from '../offline';
import { DEFAULT_TENANT, openOfflineApp } from '../offline-app';
import { catchUpProjectors } from '../catch-up';
import { PROJECTORS } from '@engram/projections';
import { runningService } from '../service-guard';
import { UsageError } from '../usage-error';
import type { CliIo } from '../io';
import { callService, cliApiKey, serviceUrl } from '../service-http';

interface ForgetRequest {
  tenantId: string;
  userId: string;
  target: ForgetTarget;
  memoryId: string | null;
  key: string | null;
  reason: string | null;
}

/** The service owns the embedded data: the erase goes through its HTTP API instead. */
async function forgetOverHttp(
  io: CliIo,
  cfg: Readonly<EngramConfig>,
  r: ForgetRequest,
): Promise<{ eventId: string; position: string; erasureId: string }> {
  const q = new URLSearchParams();
  if (r.reason) q.set('reason', r.reason);
  if (r.target !== 'user') q.set('userId', r.userId);
  const path =
    r.target === 'memory'
      ? `/v1/memories/${encodeURIComponent(r.memoryId!)}`
      : r.target === 'key'
        ? `/v1/keys/${encodeURIComponent(r.key!)}/memories`
        : `/v1/users/${encodeURIComponent(r.userId)}/memories`;
  return callService(io, serviceUrl(cfg), {
    method: 'DELETE',
    path: `${path}?${q}`,
    headers: { 'x-tenant-id': r.tenantId },
    expect: 202,
  });
}

/** B2: waits (up to `waitSeconds`) for the running service to complete the erasure and returns its report. */
async function reportOverHttp(
  io: CliIo,
  cfg: Readonly<EngramConfig>,
  tenantId: string,
  erasureId: string,
  waitSeconds: number,
): Promise<ErasureReport> {
  const key = cliApiKey(io);
  const headers: Record<string, string> = {
    'x-tenant-id': tenantId,
    ...(key ? { authorization: `Bearer ${key}` } : {}),
  };
  let report: ErasureReport | null = null;
  await pollUntil(
    async () => {
      const res = await fetch(`${serviceUrl(cfg)}/v1/erasures/${encodeURIComponent(erasureId)}`, { headers });
      if (res.status === 200) report = (await res.json()) as ErasureReport;
      else if (res.status !== 404)
        throw new EngramError('LOG_UNAVAILABLE', `the service answered ${res.status} for the erasure report`);
      return report !== null && report.status !== 'pending';
    },
    { backoff: { initialMs: 100, maxMs: 1000 }, timeoutMs: waitSeconds * 1000 },
  );
  if (!report)
    throw new EngramError(
      'PROJECTION_LAGGING',
      `the service has not recorded erasure ${erasureId} within ${waitSeconds} s; ask again: GET /v1/erasures/${erasureId}`,
    );
  return report;
}

export const forgetCommand: Command = {
  name: 'forget',
  summary: 'erase one memory, one key or everything of a user (appends MemoryForgotten)',
  usage: `Usage: engram forget --user USER [--tenant TENANT] [--memory ID | --key KEY] [--reason TEXT]

Appends the erasure request (MemoryForgotten) through the same command handler as the API
(validation, content scanning, audit); every read model and index then erases the data, and the
erasure coordinator follows lineage (derived facts and episodes), destroys the data keys that sealed
it in the log, purges the cold archive and vacuums the read store (P4). Without --memory or --key the
whole user is erased. Prints the erasure report (B2: status and counts per place, no content). With
the service running, the erase is sent to its HTTP API (every target; with auth on it sends ENGRAM_API_KEY, or ENGRAM_ADMIN_KEY, as its key)
and the report is awaited (--wait seconds); offline, the request is appended and the report stays pending until the
service next starts (engram start), which completes it.

Options:
  --user USER      the user (required)
  --tenant TENANT  the tenant (default "${DEFAULT_TENANT}")
  --memory ID      erase one memory entry
  --key KEY        erase every entry that held a semantic key
  --reason TEXT    recorded in the audit trail
  --wait SECONDS   how long to wait for the running service's report (default 120)`,
  async run(argv, io) {
    const a = parseFlags('forget', argv, {
      user: { type: 'string' },
      tenant: { type: 'string' },
      memory: { type: 'string' },
      key: { type: 'string' },
      reason: { type: 'string' },
      wait: { type: 'string' },
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
    const waitText = stringFlag('forget', a, 'wait') ?? '120';
    const waitSeconds = Number(waitText);
    if (!Number.isFinite(waitSeconds) || waitSeconds < 0)
      throw new UsageError(`--wait must be a number of seconds, got ${waitText}`, 'forget');
    const cfg = configOf(io);
    if (runningService(cfg)) {
      const out = await forgetOverHttp(io, cfg, r);
      const report = await reportOverHttp(io, cfg, r.tenantId, out.erasureId, waitSeconds);
      io.stdout.write(`${JSON.stringify({ forgotten: r.target, ...out, report })}\n`);
      return 0;
    }
    const out = await withOffline(
      io,
      'forget',
      async (f) => {
        const app = await openOfflineApp(f);
        try {
          const res = await app.forget({
            scope: { tenantId: r.tenantId, userId: r.userId, agentId: null },
            target: r.target,
            ...(r.memoryId ? { memoryId: r.memoryId } : {}),
            ...(r.key ? { key: r.key } : {}),
            reason: r.reason,
            requestedBy: 'engram-cli',
          });
          await catchUpProjectors(f.log, f.db, Object.values(PROJECTORS));
          return { ...res, report: await getErasure(f.db, r.tenantId, res.erasureId) };
        } finally {
          await app.close();
        }
      },
      cfg,
    );
    io.stdout.write(`${JSON.stringify({ forgotten: r.target, ...out })}\n`);
    io.stderr.write(
      'engram forget: the erasure is pending; the service completes it (keys shredded, archive purged, store vacuumed) when it next starts\n',
    );
    return 0;
  },
};
