import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonEventCodec, type StoredEvent } from '@engram/core';
import { openFileEventLog, type FileEventLog, type FileEventLogOptions } from '../src';

export interface LogLine {
  level: 'info' | 'warn';
  obj: Record<string, unknown>;
  msg: string | undefined;
}

export function captureLogger(): { lines: LogLine[]; info(o: object, msg?: string): void; warn(o: object, msg?: string): void } {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (o, msg) => void lines.push({ level: 'info', obj: o as Record<string, unknown>, msg }),
    warn: (o, msg) => void lines.push({ level: 'warn', obj: o as Record<string, unknown>, msg }),
  };
}

export async function tempDir(label: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `engram-log-${label}-`));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export function openLog(dir: string, extra: Partial<FileEventLogOptions> = {}): Promise<FileEventLog> {
  return openFileEventLog({ dir, codec: new JsonEventCodec(), ...extra });
}

export async function readAll(log: FileEventLog): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for await (const s of log.read()) out.push(s);
  return out;
}

export function firstSegment(dir: string): string {
  return join(dir, 'segments', `${'0'.repeat(20)}.seg`);
}
