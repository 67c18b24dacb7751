import { streamKeyOf, type EventLog, type IndexedDocMeta } from '@engram/core';
import { TurnWindows } from '@engram/retrieval';
import { throwIfAborted } from '../interrupt';

export interface SourceDoc {
  text: string;
  meta: IndexedDocMeta;
}

/**
 * The current text and metadata of the given document ids, rebuilt from the log with the same
 * mapping as the search-index projector (TurnWindows + indexOpFor; the text is what is embedded). Ids erased since (forget of a memory, a key or
 * a user) are absent.
 */
export async function documentsFromLog(
  log: EventLog,
  ids: ReadonlySet<string>,
  signal: AbortSignal,
): Promise<Map<string, SourceDoc>> {
  const docs = new Map<string, SourceDoc & { stream: string; key: string | null }>();
  const windows = new TurnWindows();
  let n = 0;
  for await (const { event } of log.read()) {
    if (++n % 5000 === 0) throwIfAborted(signal, 'reembed');
    const op = windows.opFor(event);
    switch (op.op) {
      case 'upsert':
        if (ids.has(op.id))
          docs.set(op.id, { text: op.embedText, meta: op.meta, stream: streamKeyOf(event), key: op.key });
        break;
      case 'delete':
        for (const id of op.ids) docs.delete(id);
        break;
      case 'forgetKey':
        for (const [id, d] of docs) if (d.stream === op.stream && d.key === op.key) docs.delete(id);
        break;
      case 'forgetUser':
        for (const [id, d] of docs) if (d.stream === op.stream) docs.delete(id);
        break;
      case 'none':
        break;
    }
  }
  return new Map([...docs].map(([id, d]) => [id, { text: d.text, meta: d.meta }]));
}
