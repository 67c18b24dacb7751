import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** Bytes of every file under dir (0 when it does not exist). */
export async function diskUsage(dir: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw e;
  }
  let total = 0;
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) total += await diskUsage(p);
    else if (e.isFile()) total += (await stat(p)).size;
  }
  return total;
}
