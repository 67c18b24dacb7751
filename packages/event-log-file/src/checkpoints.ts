import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EngramError } from '@engram/core';
import { isErrno, writeFileAtomic } from './fs-util';

/** Consumer checkpoints: one file per consumer name holding the next offset to deliver. */
export class CheckpointStore {
  private readonly dir: string;

  constructor(logDir: string) {
    this.dir = join(logDir, 'consumers');
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
  }

  async load(name: string): Promise<number> {
    let text: string;
    try {
      text = await readFile(this.fileOf(name), 'utf8');
    } catch (e) {
      if (isErrno(e, 'ENOENT')) return 0;
      throw e;
    }
    const parsed = JSON.parse(text) as { name?: unknown; nextOffset?: unknown };
    if (parsed.name !== name || !Number.isSafeInteger(parsed.nextOffset) || (parsed.nextOffset as number) < 0) {
      throw new EngramError('LOG_CORRUPT', `checkpoint file of consumer "${name}" is malformed`, {
        details: { file: this.fileOf(name) },
      });
    }
    return parsed.nextOffset as number;
  }

  /** Every consumer's checkpoint (files that do not parse are left out). */
  async all(): Promise<Array<{ name: string; nextOffset: number }>> {
    const out: Array<{ name: string; nextOffset: number }> = [];
    for (const file of await readdir(this.dir).catch(() => [] as string[])) {
      if (!file.endsWith('.json')) continue;
      try {
        const parsed = JSON.parse(await readFile(join(this.dir, file), 'utf8')) as {
          name?: unknown;
          nextOffset?: unknown;
        };
        if (typeof parsed.name === 'string' && Number.isSafeInteger(parsed.nextOffset))
          out.push({ name: parsed.name, nextOffset: parsed.nextOffset as number });
      } catch {
        // a leftover temp file or garbage: load() reports it for its own consumer
      }
    }
    return out;
  }

  async save(name: string, nextOffset: number): Promise<void> {
    await writeFileAtomic(this.fileOf(name), JSON.stringify({ name, nextOffset, savedAt: new Date().toISOString() }));
  }

  private fileOf(name: string): string {
    const safe = encodeURIComponent(name).replace(/\./g, '%2E').replace(/\*/g, '%2A');
    // Long names would exceed file name limits; a hash suffix keeps them distinct.
    const short =
      safe.length <= 180
        ? safe
        : `${safe.slice(0, 100)}~${createHash('sha256').update(name).digest('hex').slice(0, 32)}`;
    return join(this.dir, `${short}.json`);
  }
}

export function validateConsumerName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 200) {
    throw new EngramError(
      'VALIDATION_FAILED',
      'subscription name must be a non-empty string of at most 200 characters',
      {
        details: { field: 'name' },
      },
    );
  }
}
