import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '@engram/core';
import {
  Lifecycle,
  createRootLogger,
  effectiveAuthMode,
  isLoopbackHost,
  openAccessControl,
  openFoundation,
  parseConfig,
} from '@engram/runtime';

const ADMIN = 'config-test-admin-key-00000000000000000000';
const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'engram-auth-config-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const parse = (env: Record<string, string>) =>
  parseConfig({ ENGRAM_DATA_DIR: '/tmp/engram-auth-config', ...env }, '/work/here');
const problems = (env: Record<string, string>): string[] => {
  try {
    parse(env);
  } catch (e) {
    return (e as { details: { problems: string[] } }).details.problems;
  }
  throw new Error('expected CONFIG_INVALID');
};

describe('auth configuration (P5)', () => {
  it('ENGRAM_AUTH, the admin key (hashed, never kept or echoed) and /metrics protection', () => {
    const c = parse({ ENGRAM_AUTH: 'required', ENGRAM_ADMIN_KEY: ADMIN, ENGRAM_METRICS_AUTH: 'required' });
    expect(c.auth).toEqual({ mode: 'required', adminKeyHash: hashApiKey(ADMIN), metricsProtected: true });
    expect(JSON.stringify(c)).not.toContain(ADMIN);
    expect(parse({}).auth).toEqual({ mode: null, adminKeyHash: null, metricsProtected: false });
    expect(problems({ ENGRAM_AUTH: 'maybe' })).toEqual(['ENGRAM_AUTH=maybe: must be one of required, off, ']);
    const short = problems({ ENGRAM_ADMIN_KEY: 'hunter2' });
    expect(short).toEqual([expect.stringContaining('at least 32 characters')]);
    expect(short.join()).not.toContain('hunter2');
  });

  it('reads the admin key from ENGRAM_ADMIN_KEY_FILE (trailing newline ignored), never both', () => {
    const file = join(tmp(), 'admin.key');
    writeFileSync(file, `${ADMIN}\n`);
    expect(parse({ ENGRAM_ADMIN_KEY_FILE: file }).auth.adminKeyHash).toBe(hashApiKey(ADMIN));
    expect(problems({ ENGRAM_ADMIN_KEY_FILE: file, ENGRAM_ADMIN_KEY: ADMIN })).toEqual([
      'ENGRAM_ADMIN_KEY and ENGRAM_ADMIN_KEY_FILE are both set: use one',
    ]);
    expect(problems({ ENGRAM_ADMIN_KEY_FILE: join(tmp(), 'missing') })[0]).toContain('cannot read the file (ENOENT)');
  });

  it('limits: rate limit, concurrent queries, quota (off by default) and the query text bound', () => {
    expect(parse({}).limits).toMatchObject({
      rateLimit: { perSecond: 50, burst: 100 },
      maxConcurrentQueries: 8,
      userQuota: null,
      queryTextChars: 1024,
    });
    expect(
      parse({
        ENGRAM_RATE_LIMIT_PER_SECOND: '5',
        ENGRAM_RATE_LIMIT_BURST: '7',
        ENGRAM_MAX_CONCURRENT_QUERIES: '2',
        ENGRAM_USER_QUOTA: '1000',
        ENGRAM_QUERY_TEXT_CHARS: '512',
      }).limits,
    ).toMatchObject({
      rateLimit: { perSecond: 5, burst: 7 },
      maxConcurrentQueries: 2,
      userQuota: 1000,
      queryTextChars: 512,
    });
    expect(parse({ ENGRAM_RATE_LIMIT_PER_SECOND: 'off', ENGRAM_MAX_CONCURRENT_QUERIES: '0' }).limits).toMatchObject({
      rateLimit: null,
      maxConcurrentQueries: null,
    });
    expect(problems({ ENGRAM_QUERY_TEXT_CHARS: '10' })[0]).toContain('ENGRAM_QUERY_TEXT_CHARS=10');
    expect(problems({ ENGRAM_USER_QUOTA: '-3' })[0]).toContain('ENGRAM_USER_QUOTA=-3');
  });

  it('default: off only for an all-in-one on loopback alone; required elsewhere and for every distributed service', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2', '::ffff:127.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', 'engram.internal', '128.0.0.1'])
      expect(isLoopbackHost(host), host).toBe(false);
    const mode = (env: Record<string, string>, allInOne: boolean, grpc = false) =>
      effectiveAuthMode(parse(env), { allInOne, grpc });
    expect(mode({}, true)).toBe('off');
    expect(mode({ HOST: '0.0.0.0' }, true)).toBe('required');
    expect(mode({ GRPC_PORT: '50051', GRPC_HOST: '0.0.0.0' }, true, true)).toBe('required');
    expect(mode({ GRPC_PORT: '50051', GRPC_HOST: '0.0.0.0' }, true, false)).toBe('off');
    expect(mode({}, false)).toBe('required');
    expect(mode({ ENGRAM_AUTH: 'off' }, false)).toBe('off');
    expect(mode({ ENGRAM_AUTH: 'required' }, true)).toBe('required');
  });

  it('auth off on a non-loopback address logs a loud warning', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) });
    const logger = createRootLogger({ service: 'auth-test', level: 'info', destination: sink });
    const life = new Lifecycle(logger);
    try {
      const cfg = parseConfig(
        { ENGRAM_DATA_DIR: tmp(), ENGRAM_AUTH: 'off', HOST: '0.0.0.0', ENGRAM_EMBEDDER: 'hash' },
        '/',
      );
      const f = await openFoundation(cfg, logger, life);
      const { access } = await openAccessControl(f, { allInOne: true, grpc: false });
      expect(access.mode).toBe('off');
      const warning = lines.map((l) => JSON.parse(l)).find((l) => l.level === 40 && /ENGRAM_AUTH=off/.test(l.msg));
      expect(warning?.msg).toMatch(/ANYONE WHO CAN REACH THIS PORT/);
      expect(warning?.hosts).toEqual(['0.0.0.0']);
    } finally {
      await life.stop();
    }
  });
});
