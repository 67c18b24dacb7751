import { mkdir, open, rename, readFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { createSerialQueue, EngramError } from '@engram/core';
import type { ConsolidationTask } from './task';

type JournalRecord =
  | { op: 'enqueue'; task: ConsolidationTask }
  | { op: 'attempt'; id: string; attempts: number; notBefore: string | null; error: string | null }
  | { op: 'done'; id: string; causeEventId: string };

/** How many finished cause ids are remembered across compactions (redeliveries of older ones are caught by the log check). */
const DONE_MEMORY = 10_000;

export const TASK_JOURNAL_FILE = 'tasks.jsonl';

/** A journal folded into its live state: tasks still queued, and finished cause event ids in order. */
function foldJournal(text: string, path: string): { pending: Map<string, ConsolidationTask>; done: string[] } {
  const pending = new Map<string, ConsolidationTask>();
  const done: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let rec: JournalRecord;
    try {
      rec = JSON.parse(line) as JournalRecord;
    } catch (e) {
      if (i >= lines.length - 2) return; // torn tail: never acknowledged
      throw new EngramError('INTERNAL', `task journal ${path} is corrupt at line ${i + 1}`, { cause: e });
    }
    if (rec.op === 'enqueue') pending.set(rec.task.id, rec.task);
    else if (rec.op === 'attempt') {
      const t = pending.get(rec.id);
      if (t) pending.set(rec.id, { ...t, attempts: rec.attempts, notBefore: rec.notBefore, lastError: rec.error });
    } else if (rec.op === 'done') {
      pending.delete(rec.id);
      done.push(rec.causeEventId);
    }
  });
  return { pending, done };
}

async function readJournalText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new EngramError('INTERNAL', `cannot read the task journal ${path}: ${(e as Error).message}`, { cause: e });
    return '';
  }
}

/**
 * What a consolidator's journal says right now, read without opening it (it may be in use by a
 * running consolidator): for operators and tests that wait until a cause has been consolidated.
 */
export async function readTaskJournal(dir: string): Promise<{ pending: ConsolidationTask[]; done: Set<string> }> {
  const path = join(dir, TASK_JOURNAL_FILE);
  const { pending, done } = foldJournal(await readJournalText(path), path);
  return { pending: [...pending.values()], done: new Set(done) };
}

/**
 * K3: the durable task queue's storage, a JSON-lines journal in the consolidator's state directory.
 * Every record is fsynced before the caller is told it is stored. On open the journal is folded and
 * rewritten compactly (atomic rename), so it does not grow without bound. A torn last line (crash
 * during a write) is ignored: that record was never acknowledged.
 */
export class TaskJournal {
  private constructor(
    private readonly path: string,
    private fh: FileHandle,
    readonly pending: Map<string, ConsolidationTask>,
    readonly done: Set<string>,
  ) {}

  private readonly writes = createSerialQueue();
  private closed = false;

  static async open(dir: string): Promise<TaskJournal> {
    await mkdir(dir, { recursive: true });
    const path = join(dir, TASK_JOURNAL_FILE);
    const { pending, done } = foldJournal(await readJournalText(path), path);
    const keptDone = done.slice(-DONE_MEMORY);
    // Compact: rewrite the live state to a temp file, fsync, rename over the journal.
    const tmp = `${path}.tmp`;
    const out = await open(tmp, 'w');
    try {
      const body =
        [
          ...keptDone.map((c) => JSON.stringify({ op: 'done', id: `done:${c}`, causeEventId: c })),
          ...[...pending.values()].map((t) => JSON.stringify({ op: 'enqueue', task: t })),
        ].join('\n') + (keptDone.length + pending.size > 0 ? '\n' : '');
      await out.writeFile(body, 'utf8');
      await out.datasync();
    } finally {
      await out.close();
    }
    await rename(tmp, path);
    const dirHandle = await open(dir, 'r');
    try {
      await dirHandle.sync().catch(() => undefined);
    } finally {
      await dirHandle.close();
    }
    const fh = await open(path, 'a');
    return new TaskJournal(path, fh, pending, new Set(keptDone));
  }

  private write(rec: JournalRecord): Promise<void> {
    if (this.closed) return Promise.reject(new EngramError('SHUTTING_DOWN', 'the task journal is closed'));
    return this.writes.run(async () => {
      await this.fh.write(`${JSON.stringify(rec)}\n`);
      await this.fh.datasync();
    });
  }

  async enqueue(task: ConsolidationTask): Promise<void> {
    await this.write({ op: 'enqueue', task });
    this.pending.set(task.id, task);
  }

  async attempt(task: ConsolidationTask): Promise<void> {
    await this.write({
      op: 'attempt',
      id: task.id,
      attempts: task.attempts,
      notBefore: task.notBefore,
      error: task.lastError,
    });
    if (this.pending.has(task.id)) this.pending.set(task.id, task);
  }

  async complete(task: ConsolidationTask): Promise<void> {
    await this.write({ op: 'done', id: task.id, causeEventId: task.causeEventId });
    this.pending.delete(task.id);
    this.done.add(task.causeEventId);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.writes.idle();
    await this.fh.close();
  }

  get file(): string {
    return this.path;
  }
}
