import { appendFile, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { currentSchemaVersion, deterministicId, scanFields, type EventLog, type FactExtracted } from '@engram/core';
import { archiveDir, listBatches, readBatch, type ArchiveRecord } from '@engram/archive';
import { MIN_FACT_CONFIDENCE, type ExtractionEngine } from '@engram/consolidation';
import type { CliIo } from '../io';
import { throwIfAborted } from '../interrupt';
import { createProgress } from '../progress';

export interface RedistillOutcome {
  extractor: string;
  records: number;
  skipped: number;
  processed: number;
  facts: number;
  blocked: number;
}

const LEDGER = 'redistilled.jsonl';

/** Which (extractor, content fingerprint) pairs were already distilled: one JSON line each, fsynced. */
async function loadLedger(dir: string): Promise<Set<string>> {
  try {
    const text = await readFile(join(dir, LEDGER), 'utf8');
    const out = new Set<string>();
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        const x = JSON.parse(line) as { extractor: string; fingerprint: string };
        out.add(`${x.extractor}\u0000${x.fingerprint}`);
      } catch {
        // A torn last line of a crashed run: that record is simply processed again.
      }
    }
    return out;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw e;
  }
}

async function appendLedger(dir: string, lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  const path = join(dir, LEDGER);
  await appendFile(path, lines.map((l) => `${l}\n`).join(''));
  const fh = await open(path, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

function factEvent(
  r: ArchiveRecord,
  f: Awaited<ReturnType<ExtractionEngine['extract']>>['facts'][number],
  extractor: string,
  now: string,
): FactExtracted {
  const memoryId = deterministicId('redistill', extractor, r.tenantId, r.userId, r.memoryId, f.key, f.content);
  return {
    eventId: deterministicId('redistill-event', memoryId),
    type: 'FactExtracted',
    schemaVersion: currentSchemaVersion('FactExtracted'),
    tenantId: r.tenantId,
    userId: r.userId,
    agentId: r.agentId,
    sessionId: null,
    occurredAt: now,
    recordedAt: now,
    causationId: null,
    correlationId: null,
    keyId: null,
    payload: {
      memoryId,
      kind: f.kind,
      type: f.type,
      key: f.key,
      content: f.content,
      tags: f.tags,
      importance: f.importance,
      confidence: f.confidence,
      source: 'consolidated',
      subject: f.subject,
      predicate: f.predicate,
      object: f.object,
      timeHint: f.timeHint,
      sourceMessageIds: r.sourceMessageIds,
      episodeId: r.episodeId,
      extractor,
      validFrom: f.validFrom,
      validTo: f.validTo,
    },
  };
}

/**
 * A1: runs the current extraction engine over the archived records again (e.g. after a better model
 * or rules release) and appends the facts it finds as FactExtracted (source consolidated; the
 * semantic projector's provenance guard and dedup apply). A record whose content fingerprint this
 * extractor id already processed is skipped; the ledger is written after each batch's events.
 */
export async function redistill(
  log: EventLog,
  dataDir: string,
  engine: ExtractionEngine,
  io: CliIo,
): Promise<RedistillOutcome> {
  const dir = archiveDir(dataDir);
  const done = await loadLedger(dir);
  const batches = await Promise.all((await listBatches(dir)).map(readBatch));
  const total = batches.reduce((s, b) => s + b.records.length, 0);
  const out: RedistillOutcome = {
    extractor: engine.id,
    records: total,
    skipped: 0,
    processed: 0,
    facts: 0,
    blocked: 0,
  };
  const progress = createProgress(io, 'redistill', total);
  for (const b of batches) {
    const ledger: string[] = [];
    for (const r of b.records) {
      throwIfAborted(io.signal, 'redistill');
      const k = `${engine.id}\u0000${r.fingerprint}`;
      if (done.has(k)) {
        out.skipped++;
        continue;
      }
      const res = await engine.extract({
        messages: [
          { messageId: r.sourceMessageIds[0] ?? r.memoryId, role: 'user', content: r.content, at: r.updatedAt },
        ],
        sessionId: `archive:${b.meta.batchId}`,
        existingFacts: [],
      });
      const now = new Date().toISOString();
      const events: FactExtracted[] = [];
      for (const f of res.facts) {
        if (!f.positive || f.confidence < MIN_FACT_CONFIDENCE) continue;
        if (!scanFields({ content: f.content, key: f.key, tags: f.tags }).ok) {
          out.blocked++;
          continue;
        }
        events.push(factEvent(r, f, engine.id, now));
      }
      if (events.length > 0) await log.append(events);
      out.facts += events.length;
      out.processed++;
      done.add(k);
      ledger.push(
        JSON.stringify({
          extractor: engine.id,
          fingerprint: r.fingerprint,
          memoryId: r.memoryId,
          batchId: b.meta.batchId,
          facts: events.length,
          at: now,
        }),
      );
      progress.update(out.processed + out.skipped);
      if (ledger.length >= 100) await appendLedger(dir, ledger.splice(0));
    }
    await appendLedger(dir, ledger);
  }
  progress.update(out.processed + out.skipped);
  progress.finish();
  return out;
}
