import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EngramError } from '@engram/core';
import { writeFileDurably } from './durable-file';

export interface ArchiveBatchMeta {
  kind: 'batch';
  batchId: string;
  createdAt: string;
  /** Entries last changed or read before this time were archived. */
  cutoff: string;
  archiveDays: number;
  records: number;
  /** sha256 over the record lines, so a damaged batch is noticed. */
  sha256: string;
}

export interface ArchiveRecord {
  kind: 'record';
  memoryId: string;
  tenantId: string;
  userId: string;
  agentId: string | null;
  type: string;
  factKind: string;
  key: string | null;
  content: string;
  tags: string[];
  source: string;
  confidence: number;
  importance: number;
  createdAt: string;
  updatedAt: string;
  lastAccessed: string | null;
  sourceMessageIds: string[];
  episodeId: string | null;
  /** sha256 of the normalized content: re-distillation skips what an extractor already processed. */
  fingerprint: string;
}

export interface ArchiveBatch {
  file: string;
  meta: ArchiveBatchMeta;
  records: ArchiveRecord[];
}

const BATCH_FILE = /^batch-\d{8}T\d{6}Z-[0-9a-f]{8}\.jsonl$/;

function recordsDigest(lines: string[]): string {
  const h = createHash('sha256');
  for (const l of lines) h.update(`${l}\n`);
  return h.digest('hex');
}

export function batchFileName(createdAt: Date, batchId: string): string {
  const stamp = createdAt
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `batch-${stamp}-${batchId.slice(0, 8)}.jsonl`;
}

/** One JSONL file: the metadata record first, then one line per archived entry; written atomically. */
export async function writeBatch(
  dir: string,
  meta: Omit<ArchiveBatchMeta, 'kind' | 'records' | 'sha256'>,
  records: ArchiveRecord[],
  fileName?: string,
): Promise<string> {
  const lines = records.map((r) => JSON.stringify(r));
  const head: ArchiveBatchMeta = { kind: 'batch', ...meta, records: records.length, sha256: recordsDigest(lines) };
  const file = join(dir, fileName ?? batchFileName(new Date(meta.createdAt), meta.batchId));
  await writeFileDurably(file, [JSON.stringify(head), ...lines].join('\n') + '\n');
  return file;
}

export async function readBatch(file: string): Promise<ArchiveBatch> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((l) => l.length > 0);
  const corrupt = (why: string) =>
    new EngramError('INTERNAL', `archive batch ${file} is damaged: ${why}`, { details: { file } });
  let meta: ArchiveBatchMeta;
  try {
    meta = JSON.parse(lines[0] ?? '') as ArchiveBatchMeta;
  } catch {
    throw corrupt('no metadata record');
  }
  if (meta.kind !== 'batch') throw corrupt('the first line is not the batch metadata');
  const body = lines.slice(1);
  if (body.length !== meta.records || recordsDigest(body) !== meta.sha256)
    throw corrupt('records do not match the metadata (count or sha256)');
  return { file, meta, records: body.map((l) => JSON.parse(l) as ArchiveRecord) };
}

/** Batch files in creation order. */
export async function listBatches(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir))
      .filter((f) => BATCH_FILE.test(f))
      .sort()
      .map((f) => join(dir, f));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}
