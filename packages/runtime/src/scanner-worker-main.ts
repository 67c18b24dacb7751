import { parentPort } from 'node:worker_threads';
import { analyzeContent, type ScanAnalysis } from '@engram/core';

/** Wire format between the pool and a worker. */
export type ScanRequest = { id: number; texts: string[] };
export type ScanReply = { ready: true } | { id: number; analyses: ScanAnalysis[] } | { id: number; error: string };

const port = parentPort!;
// The learned stage unpacks its weights on first use: done before the pool sends work here.
analyzeContent('warm up the scanner');
port.on('message', ({ id, texts }: ScanRequest) => {
  let reply: ScanReply;
  try {
    reply = { id, analyses: texts.map((t) => analyzeContent(t)) };
  } catch (e) {
    reply = { id, error: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies ScanReply);
