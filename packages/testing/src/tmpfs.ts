import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Tmpfs {
  dir: string;
  unmount(): void;
}

function mount(bytes: number): Tmpfs | string {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not root';
  const dir = mkdtempSync(join(tmpdir(), 'engram-tmpfs-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return `mount -t tmpfs failed: ${(r.stderr || r.error?.message || '').trim()}`;
  }
  return {
    dir,
    unmount() {
      spawnSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let probed: string | null | undefined;

/** Null when a small tmpfs can be mounted here (root on Linux), else why not (for a skip reason). */
export function tmpfsUnavailable(): string | null {
  if (probed === undefined) {
    const t = mount(1024 * 1024);
    probed = typeof t === 'string' ? t : null;
    if (typeof t !== 'string') t.unmount();
  }
  return probed;
}

/** A fresh tmpfs of `bytes` (for full-disk tests); throws where tmpfsUnavailable() says why. */
export function mountTmpfs(bytes: number): Tmpfs {
  const t = mount(bytes);
  if (typeof t === 'string') throw new Error(`cannot mount a tmpfs: ${t}`);
  return t;
}
