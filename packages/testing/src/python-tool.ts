import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * A Python package from PyPI, pinned, installed once into its own venv under ~/.cache/engram/tools
 * (ENGRAM_PYTHON names the interpreter; default python3). Returns the venv's directory.
 */
export function pythonTool(pkg: string, version: string): string {
  const venv = join(homedir(), '.cache', 'engram', 'tools', `${pkg}-${version}`);
  const done = join(venv, '.installed');
  if (existsSync(done)) return venv;
  mkdirSync(join(venv, '..'), { recursive: true });
  const python = process.env.ENGRAM_PYTHON ?? 'python3';
  const run = (cmd: string, args: string[]) => {
    const r = spawnSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.error?.message})`);
  };
  run(python, ['-m', 'venv', venv]);
  run(join(venv, 'bin', 'python'), ['-m', 'pip', 'install', '--disable-pip-version-check', '-q', `${pkg}==${version}`]);
  writeFileSync(done, `${pkg}==${version}\n`);
  return venv;
}
