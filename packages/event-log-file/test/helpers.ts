import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonEventCodec, type Logger, type StoredEvent } from '@engram/core';
import { openFileEventLog, type FileEventLog, type FileEventLogOptions } from '../src';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string | undefined;
}

export function captureLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (o: object, msg?: string) =>
    void lines.push({ level, obj: o as Record<string, unknown>, msg });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
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
