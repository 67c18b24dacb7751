import { mkdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createProgress } from '../src/progress';
import type { CliIo } from '../src/io';
import { cli, tempDataDir } from './helpers/run-cli';

describe('engram command line', () => {
  const tmp = tempDataDir();
  const env = { ENGRAM_DATA_DIR: tmp.dir };
  afterAll(() => tmp.dispose());

  it('prints help with exit 0 and lists every command', async () => {
    const r = await cli(['--help'], env);
    expect(r.code).toBe(0);
    for (const c of [
      'start',
      'stats',
      'forget',
      'export',
      'import',
      'replay',
      'reembed',
      'archive',
      'redistill',
      'models',
      'mcp',
    ])
      expect(r.stdout).toMatch(new RegExp(`^  ${c} `, 'm'));
    const sub = await cli(['replay', '--help'], env);
    expect(sub.code).toBe(0);
    expect(sub.stdout).toContain('Usage: engram replay');
  });

  it('answers usage errors with exit 2 and the command help', async () => {
    const cases: Array<[string[], string]> = [
      [[], 'Usage: engram <command>'],
      [['frobnicate'], 'unknown command "frobnicate"'],
      [['stats', '--bogus'], "Unknown option '--bogus'"],
      [['export'], '--user is required'],
      [['forget', '--user', 'u', '--memory', 'm', '--key', 'k'], 'not both'],
      [['import'], 'FILE is required'],
      [['import', '--format', 'csv', 'x'], '--format csv'],
      [['replay', '--projection', 'nope'], '--projection nope'],
      [['replay', '--from', 'abc'], '--from=abc'],
      [['reembed', '--batch-size', '0'], '--batch-size=0'],
      [['archive'], '--now is required'],
      [['models'], 'models pull NAME'],
      [['models', 'pull'], 'models pull NAME'],
    ];
    for (const [argv, msg] of cases) {
      const r = await cli(argv, env);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr + r.stdout, argv.join(' ')).toContain(msg);
    }
  });

  it('lists the known local models and refuses an unknown one with a stable code', async () => {
    const list = await cli(['models', 'list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^all-minilm-l6-v2-int8\t/m);
    const unknown = await cli(['models', 'pull', 'no-such-model', '--dir', join(tmp.dir, 'models')], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('error VALIDATION_FAILED');
    expect(unknown.stderr).toContain('unknown model "no-such-model"');
  });

  it('fails with exit 1 and a stable error code', async () => {
    const bad = await cli(['stats'], { ...env, ENGRAM_STORE: 'mysql' });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('error CONFIG_INVALID');
    const missing = await cli(['import', join(tmp.dir, 'nope.jsonl')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('error NOT_FOUND');
  });

  it('refuses offline work while a live process holds the embedded data directory', async () => {
    const dir = join(tmp.dir, 'held');
    mkdirSync(join(dir, 'log'), { recursive: true });
    // The parent of this test worker is alive: its pid in the log's lock is a running owner.
    writeFileSync(
      join(dir, 'log', 'LOCK'),
      JSON.stringify({ pid: process.ppid, hostname: hostname(), acquiredAt: '2026-01-01T00:00:00.000Z' }),
    );
    for (const argv of [['stats'], ['replay'], ['reembed'], ['archive', '--now'], ['export', '--user', 'u']]) {
      const r = await cli(argv, { ENGRAM_DATA_DIR: dir });
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stderr, argv.join(' ')).toContain('CONFLICT/SERVICE_RUNNING');
    }
    // A lock left by a dead process does not count.
    writeFileSync(
      join(dir, 'log', 'LOCK'),
      JSON.stringify({ pid: 2 ** 22 + 12345, hostname: hostname(), acquiredAt: '2026-01-01T00:00:00.000Z' }),
    );
    const ok = await cli(['stats', '--json'], { ENGRAM_DATA_DIR: dir });
    expect(ok.code, ok.stderr).toBe(0);
  });

  it('reports progress as a redrawn bar on a terminal and as JSON lines otherwise', () => {
    const capture = (isTTY: boolean) => {
      let text = '';
      const io = {
        isTTY,
        env: { ENGRAM_PROGRESS_INTERVAL_MS: '0' },
        stderr: new Writable({ write: (c, _e, cb) => ((text += c.toString()), cb()) }),
      } as unknown as CliIo;
      const p = createProgress(io, 'replay', 200);
      p.update(50);
      p.update(100);
      p.finish();
      return text;
    };
    const tty = capture(true);
    expect(tty.startsWith('\rreplay')).toBe(true);
    expect(tty).toMatch(/\[#+\.+\]  50\.0% 100\/200 [\d.]+\/s ETA \d\d:\d\d\n$/);
    const lines = capture(false)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.phase, l.done, l.total])).toEqual([
      ['replay', 50, 200],
      ['replay', 100, 200],
      ['replay', 100, 200],
    ]);
    expect(typeof lines[0].rate).toBe('number');
    expect(lines[2].etaSeconds).toEqual(expect.any(Number));
  });
});
