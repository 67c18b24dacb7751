import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isErrno, writeFileAtomic } from './fs-util';

/**
 * A persisted copy of the per-stream versions as of `nextOffset`, so open scans only the segment
 * holding nextOffset and what follows instead of the whole log.
 */
export interface StreamIndexSnapshot {
  nextOffset: number;
  streams: Map<string, number>;
}

const FILE = 'stream-index.json';
const FORMAT = 1;

export async function loadStreamIndex(
  dir: string,
): Promise<{ snapshot: StreamIndexSnapshot | null; problem: string | null }> {
  let text: string;
  try {
    text = await readFile(join(dir, FILE), 'utf8');
  } catch (e) {
    if (isErrno(e, 'ENOENT')) return { snapshot: null, problem: null };
    throw e;
  }
  try {
    const parsed = JSON.parse(text) as { format?: unknown; nextOffset?: unknown; streams?: unknown };
    if (parsed.format !== FORMAT || !Number.isSafeInteger(parsed.nextOffset) || !Array.isArray(parsed.streams)) {
      return { snapshot: null, problem: 'unrecognised stream index format' };
    }
    const streams = new Map<string, number>();
    for (const entry of parsed.streams as unknown[]) {
      if (!Array.isArray(entry) || typeof entry[0] !== 'string' || !Number.isSafeInteger(entry[1])) {
        return { snapshot: null, problem: 'malformed stream index entry' };
      }
      streams.set(entry[0], entry[1] as number);
    }
    return { snapshot: { nextOffset: parsed.nextOffset as number, streams }, problem: null };
  } catch (e) {
    return { snapshot: null, problem: `stream index unreadable: ${(e as Error).message}` };
  }
}

export async function saveStreamIndex(
  dir: string,
  nextOffset: number,
  streams: Array<[string, number]>,
): Promise<void> {
  await writeFileAtomic(join(dir, FILE), JSON.stringify({ format: FORMAT, nextOffset, streams }));
}
